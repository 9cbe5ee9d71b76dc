"""Debian's Chromium through Selenium and ``chromium-driver`` (nothing is
downloaded at run time): a phone-sized window (390×844), the flags that
keep it off the network.

Each test process starts a Chromium only when it needs one more at once
than it has (a test with three phones: three), and keeps it for the next
test: starting a browser cost as much as a test's pages (the browser tests
took 81 CPU-s with a browser started per phone, 54 with kept ones). What a test gets is still a browser as new as a started
one: a new tab (scripts added to documents, emulated media and every page
of the previous test closed with theirs), with no cookie, cache or storage
left by anyone (cleared for every origin), the timeouts reset; its
``quit()`` hands the browser back, on a blank tab so nothing polls while it
waits. A browser that does not answer is really quit and another started.
The run's end quits them all (:func:`quit_all`, from ``tests/conftest.py``,
and at the process's exit).
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
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


_IDLE: dict[bool, list] = {True: [], False: []}
"""This process's browsers at rest, by ``phone`` (phone-sized, or a TV)."""
_ALL: list = []


def _start(phone: bool):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    profile = tempfile.mkdtemp(prefix="euchre-chromium-")
    options.add_argument(f"--user-data-dir={profile}")
    if phone:
        options.add_argument("--window-size=390,844")
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": PHONE})
    else:
        options.add_argument("--window-size=1280,720")
    driver = webdriver.Chrome(options=options, service=Service(executable_path=DRIVER))
    driver.profile, driver.is_phone = profile, phone
    driver.quit = lambda: _give_back(driver)
    _ALL.append(driver)
    return driver


def _really_quit(driver) -> None:
    from selenium import webdriver

    if driver in _ALL:
        _ALL.remove(driver)
    try:
        webdriver.Chrome.quit(driver)
    except Exception:  # noqa: BLE001  (already gone)
        pass
    shutil.rmtree(driver.profile, ignore_errors=True)


def _blank_tab(driver) -> None:
    """Open a new tab, close every other one (their pages, the scripts and
    emulation set on them), and forget every origin's cookies, cache and storage."""
    old = driver.window_handles
    driver.switch_to.new_window("tab")
    new = driver.current_window_handle
    for handle in old:
        driver.switch_to.window(handle)
        driver.close()
    driver.switch_to.window(new)
    driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    driver.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": "*", "storageTypes": "all"})


def _give_back(driver) -> None:
    """A test's ``quit()``: the browser rests on a blank tab for the next test."""
    if driver in _IDLE[driver.is_phone] or driver not in _ALL:
        return  # given back already
    try:
        _blank_tab(driver)
    except Exception:  # noqa: BLE001  (a browser that does not answer is not kept)
        _really_quit(driver)
        return
    _IDLE[driver.is_phone].append(driver)


def quit_all() -> None:
    """Quit every browser this process started (at the run's end)."""
    for driver in list(_ALL):
        _really_quit(driver)
    for idle in _IDLE.values():
        idle.clear()


atexit.register(quit_all)  # a script's browsers (tests/benchmarks) too


def phone_browser(dark: bool = False, phone: bool = True):
    """A Chromium at a phone's size (``phone=False``: a 1280×720 TV) on a
    new tab, nothing kept from an earlier test (see the module's text);
    ``quit()`` hands it back."""
    idle = _IDLE[phone]
    driver = idle.pop() if idle else _start(phone)
    driver.set_page_load_timeout(60)
    driver.set_script_timeout(30)
    driver.implicitly_wait(0)
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
        b = phone_browser(dark)
        browsers.append(b)
        return b

    yield window, server, browser
    for b in browsers:
        b.quit()
    server.stop()
