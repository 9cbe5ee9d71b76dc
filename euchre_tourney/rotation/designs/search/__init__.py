"""Offline search tools for the stored rotation designs (developer-only: not
imported by the app, not shipped in the wheel). See README.md here."""
