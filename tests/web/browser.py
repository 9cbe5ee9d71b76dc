"""Debian's Chromium through Selenium and ``chromium-driver`` (nothing is
downloaded at run time): a phone-sized window (390×844), a fresh profile
per browser, the flags that keep it off the network."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage",
)
PHONE = {"width": 390, "height": 844, "pixelRatio": 2}


def require_chromium() -> None:
    if not (CHROMIUM and DRIVER):
        pytest.skip("Chromium browser tests need Debian's chromium and chromium-driver (apt-get install chromium chromium-driver)")
    pytest.importorskip("selenium", reason="Chromium browser tests need selenium (pip install -e '.[test]')")


def phone_browser(profile: Path, dark: bool = False, phone: bool = True):
    """A new Chromium at a phone's size (``phone=False``: a 1280×720 TV)
    with its own profile folder."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    profile.mkdir(parents=True, exist_ok=True)
    options.add_argument(f"--user-data-dir={profile}")
    if phone:
        options.add_argument("--window-size=390,844")
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": PHONE})
    else:
        options.add_argument("--window-size=1280,720")
    driver = webdriver.Chrome(options=options, service=Service(executable_path=DRIVER))
    driver.set_page_load_timeout(60)
    if dark:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    return driver


def wait_for(driver, condition, timeout: float = 90.0):
    """Wait until ``condition(driver)``; the page may redraw meanwhile (it polls)."""
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    from selenium.common.exceptions import WebDriverException

    def settled(d):
        try:
            return condition(d)
        except WebDriverException as exc:  # mid-navigation: "Node … does not belong to the document"
            if "does not belong to the document" in str(exc):
                return False
            raise

    ignored = (NoSuchElementException, StaleElementReferenceException)
    return WebDriverWait(driver, timeout, poll_frequency=0.1, ignored_exceptions=ignored).until(settled)


def tap(driver, css: str) -> None:
    """Tap the element (the label of a hidden radio button: its visible part),
    finding it again if the page redrew under it."""
    from selenium.webdriver.common.by import By

    def tapped(d) -> bool:
        element = d.find_element(By.CSS_SELECTOR, css)
        d.execute_script("arguments[0].scrollIntoView({block: 'center'});", element)
        element.click()
        return True

    wait_for(driver, tapped)


def serve_event(db, event_id: int, qtbot, tmp_path: Path):
    """A fixture's body: the director's window on ``event_id``, its phone
    server started, and ``browser(name, dark=False)`` opening a phone; yields
    ``(window, server, browser)``, then closes the browsers and the server."""
    require_chromium()
    from euchre_tourney.gui.main_window import MainWindow
    from euchre_tourney.web import PhoneServer, free_port

    window = MainWindow(db)
    qtbot.addWidget(window)
    window.reload_events(select=event_id)
    server = PhoneServer(db, event_id, "127.0.0.1", free_port())
    server.start()
    window.phone_server = server
    browsers = []

    def browser(name: str, dark: bool = False):
        b = phone_browser(tmp_path / f"profile-{name}", dark)
        browsers.append(b)
        return b

    yield window, server, browser
    for b in browsers:
        b.quit()
    server.stop()
