; Inno Setup 6 script for Euchre Tourney (Windows installer). Not compiled here (no Windows, and
; Debian has no Inno Setup); packaging/ci/release.yml compiles it on a hosted Windows runner for a
; tag, and packaging/windows/check_iss.py checks on Linux that every file it names is in the bundle.
; build.ps1 passes AppVersion, SourceDir (the PyInstaller folder) and IconFile (the .ico rendered
; from resources/icons) with /D.
#ifndef AppVersion
  #error Run this through build.ps1 (or pass /DAppVersion=... /DSourceDir=... /DIconFile=...)
#endif
; no installer without the third-party notices (Qt's LGPL among them: build.ps1 runs notices.py)
#if !FileExists(SourceDir + "\_internal\resources\NOTICES.txt")
  #error NOTICES.txt is missing from the bundle: run packaging\notices.py (build.ps1 does)
#endif

[Setup]
; AppId identifies the installation for upgrades and uninstall: never change it
AppId={{61ED7F44-1FF3-4C69-B707-7C01397C76F2}
AppName=Euchre Tourney
AppVersion={#AppVersion}
AppPublisher=Euchre Tourney developers
DefaultDirName={autopf}\Euchre Tourney
DefaultGroupName=Euchre Tourney
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputBaseFilename=euchre-tourney-{#AppVersion}-windows-setup
SetupIconFile={#IconFile}
UninstallDisplayIcon={app}\euchre-tourney.exe
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
; Euchre Tourney's own licence, shown before installing
LicenseFile={#SourceDir}\_internal\resources\LICENSE.txt

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
; the same application id as the app sets for itself, so Windows groups its windows under this shortcut
Name: "{group}\Euchre Tourney"; Filename: "{app}\euchre-tourney.exe"; AppUserModelID: "io.github.euchretourney.EuchreTourney"
Name: "{autodesktop}\Euchre Tourney"; Filename: "{app}\euchre-tourney.exe"; AppUserModelID: "io.github.euchretourney.EuchreTourney"; Tasks: desktopicon

[Run]
Filename: "{app}\euchre-tourney.exe"; Description: "{cm:LaunchProgram,Euchre Tourney}"; Flags: nowait postinstall skipifsilent
