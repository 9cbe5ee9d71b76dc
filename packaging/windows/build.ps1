# Build Euchre Tourney for Windows: a PyInstaller folder and an Inno Setup installer.
# Not run here: no Windows machine is at hand; packaging/ci/release.yml runs it on a hosted Windows
# runner for a tag (see packaging/README.md). What can be checked on Linux is (packaging/windows/check_iss.py).
#
#     powershell -ExecutionPolicy Bypass -File packaging\windows\build.ps1 [-Out dist-windows]
#
# Needs: git, Python 3.11+ (the "py" launcher), Inno Setup 6 (iscc.exe on PATH or in its default
# folder), network access to PyPI. The project itself is not installed: PyInstaller takes it
# from a clean export of HEAD.
param([string]$Out = "dist-windows")
$ErrorActionPreference = "Stop"
function Check($what) { if ($LASTEXITCODE -ne 0) { throw "$what failed (exit code $LASTEXITCODE)" } }

$Repo = (git -C $PSScriptRoot rev-parse --show-toplevel); Check "git rev-parse"
$Out = (New-Item -ItemType Directory -Force $Out).FullName
$Work = Join-Path ([IO.Path]::GetTempPath()) ("euchre-build-" + [guid]::NewGuid())
New-Item -ItemType Directory $Work | Out-Null
try {
    git -C $Repo archive --format=zip -o "$Work\src.zip" HEAD; Check "git archive"
    Expand-Archive "$Work\src.zip" "$Work\src"
    $Src = "$Work\src"

    py -3 -m venv "$Work\venv"; Check "venv"
    $Py = "$Work\venv\Scripts\python.exe"
    & $Py -m pip install --quiet --upgrade pip; Check "pip upgrade"
    $Deps = & $Py -c "import tomllib,sys; print('\n'.join(tomllib.load(open(sys.argv[1],'rb'))['project']['dependencies']))" "$Src\pyproject.toml"
    Check "reading pyproject.toml"
    & $Py -m pip install --quiet @($Deps -split "`r?`n" | Where-Object { $_ }) "pyinstaller>=6.10" "pip-licenses>=5" pillow; Check "pip install"
    & $Py -m pip list --format=freeze > "$Work\build-requirements.txt"
    $Version = & $Py -c "import re,sys; print(re.search(r'__version__ = \""(.+?)\""', open(sys.argv[1]).read())[1])" "$Src\euchre_tourney\__init__.py"

    & $Py "$Src\packaging\icons.py" ico "$Work\euchre-tourney.ico"; Check "icons.py ico"
    $env:EUCHRE_ICON = "$Work\euchre-tourney.ico"
    Push-Location $Src
    & $Py -m PyInstaller --noconfirm --log-level WARN --distpath "$Work\dist" --workpath "$Work\build" packaging\euchre-tourney.spec
    Check "PyInstaller"
    Pop-Location
    $Internal = "$Work\dist\euchre-tourney\_internal"
    Copy-Item "$Work\build-requirements.txt" "$Internal\build-requirements.txt"
    & $Py "$Src\packaging\runtime_data.py" check $Internal; Check "runtime_data.py check"
    # the third-party notices (Qt's LGPL among them) and the About box's package list, as on Linux
    & $Py "$Src\packaging\notices.py" $Internal --version $Version --out "$Internal\resources\NOTICES.txt"
    Check "notices.py"
    if (-not (Select-String -Quiet -Path "$Internal\resources\NOTICES.txt" -Pattern "GNU LESSER GENERAL PUBLIC LICENSE")) {
        throw "NOTICES.txt lacks Qt's LGPL"
    }

    $Iscc = (Get-Command iscc.exe -ErrorAction SilentlyContinue).Source
    if (-not $Iscc) { $Iscc = "${env:ProgramFiles(x86)}\Inno Setup 6\ISCC.exe" }
    & $Iscc /Q "/DAppVersion=$Version" "/DSourceDir=$Work\dist\euchre-tourney" "/DIconFile=$Work\euchre-tourney.ico" "/O$Out" "$PSScriptRoot\euchre-tourney.iss"
    Check "Inno Setup"
    Compress-Archive -Force "$Work\dist\euchre-tourney" "$Out\euchre-tourney-$Version-windows.zip"
    Get-ChildItem $Out | Format-Table Name, Length
} finally {
    Remove-Item -Recurse -Force $Work -ErrorAction SilentlyContinue
}
