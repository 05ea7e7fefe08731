"""A person's game in a real browser: Playwright drives the system's Chromium (Debian's
``chromium`` package) against ``canasta serve``'s application on a local port.

It plays a whole deal of Classic against three bots by clicking the page (the cards in the
hand, the action buttons, the legal moves in words), checks that a refused move shows its
rule with a link to the rule's text, that the end of the deal shows every hand and the score
breakdown and deals the next hand, that the page fits a phone's width, and that the browser
console shows no error. It saves a screenshot of the table; with ``CANASTA_WEB_SCREENSHOT``
set to a path it is saved there too (the documentation's picture: ``docs/web-table.png``).

One test function, so that it runs once whatever the number of xdist workers. Without
Chromium it is skipped, with how to get it (``.ci/run`` installs it and sets
``CANASTA_BROWSER_TEST=required``, which turns the skip into a failure).
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

HOW_TO_GET_IT = (
    "no Chromium for the browser test: install Debian's package (apt-get install -y chromium), "
    "or set CANASTA_CHROMIUM to a Chromium or Chrome binary"
)


def chromium() -> str:
    """The browser to drive, or a skip (a failure where CI requires the test)."""
    found = (
        os.environ.get("CANASTA_CHROMIUM")
        or shutil.which("chromium")
        or shutil.which("chromium-browser")
    )
    required = os.environ.get("CANASTA_BROWSER_TEST") == "required"
    if not found:
        if required:
            pytest.fail(HOW_TO_GET_IT)
        pytest.skip(HOW_TO_GET_IT)
    try:
        import playwright.sync_api  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as error:
        if required:
            raise
        pytest.skip(f"{error.name} is not installed: pip install -e '.[dev]'")
    return found


@pytest.fixture
def browser_path() -> str:
    return chromium()


@pytest.fixture
def server(browser_path: str, tmp_path: Path) -> Iterator[str]:
    """The application on a free local port, in a thread; its address."""
    import uvicorn

    from canasta.web import create_app

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app = create_app(tmp_path / "games.sqlite", bot_delay=0.0)
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not running.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    running.should_exit = True
    thread.join(timeout=20)


def new_game(base: str, **settings: Any) -> list[dict[str, Any]]:
    request = urllib.request.Request(
        f"{base}/api/games",
        data=json.dumps(settings).encode(),
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        seats: list[dict[str, Any]] = json.loads(answer.read())["seats"]
    return seats


def test_a_whole_deal_of_classic_in_a_browser(
    browser_path: str, server: str, tmp_path: Path
) -> None:
    from playwright.sync_api import sync_playwright

    seats = new_game(
        server, rules="classic", players=4, seats=["human", "greedy", "greedy", "greedy"], seed=7
    )
    link = seats[0]["link"]
    problems: list[str] = []
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=browser_path, args=["--no-sandbox"])
        context = browser.new_context(viewport={"width": 1280, "height": 860})
        page = context.new_page()
        page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda error: problems.append(str(error)))
        page.goto(link)
        page.wait_for_selector("#hand button.card")
        assert page.locator(".side").count() == 2

        # A refused move shows its rule, linked to the rule's text served by the app.
        page.click("[data-action=take]")
        rule_link = page.locator("#refusal .rule-link")
        rule_link.wait_for()
        rule = rule_link.inner_text()
        assert rule == "CL-PILE-5"
        assert rule_link.get_attribute("href") == f"/rules/{rule}"
        assert "Not allowed" in page.inner_text("#refusal")
        with context.expect_page() as opened:
            rule_link.click()
        rule_page = opened.value
        rule_page.wait_for_load_state()
        assert rule_page.locator(f"article#{rule}").inner_text().startswith(rule)
        rule_page.close()

        shot = tmp_path / "table.png"
        turns = play_the_deal(page, shot)
        assert turns >= 3, turns

        # The end of the deal: every hand, the breakdown, then the next deal.
        end = page.locator("#deal-end")
        assert end.locator(".hands li").count() == 4
        assert end.locator(".breakdown tbody tr").count() == 2
        assert "Deal 1 is over" in end.inner_text()
        assert page.locator("#log li").filter(has_text="Player 1:").count() >= 1
        page.click("#next-deal")
        page.wait_for_selector("#deal-end[hidden]", state="attached")
        assert "deal 2" in page.inner_text("#title")

        # A phone: the same seat fits its width.
        phone = browser.new_page(viewport={"width": 390, "height": 844})
        phone.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
        phone.goto(link)
        phone.wait_for_selector("#hand button.card")
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        browser.close()

    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    wanted = os.environ.get("CANASTA_WEB_SCREENSHOT")
    if wanted:
        shutil.copyfile(shot, wanted)
    assert problems == []


def wait_for_screen(page: Any, after: str) -> str:
    """Wait for a screen other than version ``after`` (versions only grow) where it is this
    seat's move or the deal is over; its version. (Selectors, not scripts: the page's
    Content Security Policy forbids evaluating strings, and the test keeps it on.)"""
    newer = f':not([data-version="{after}"])'
    page.wait_for_selector(
        f"body[data-your-turn=true]{newer}, body[data-phase=over]{newer}",
        state="attached",
        timeout=30_000,
    )
    return str(page.get_attribute("body", "data-version"))


def legal_move(page: Any, kind: str) -> Any:
    """The first legal-move button of ``kind`` (its group opened first)."""
    group = page.locator("#moves details").filter(has_text=kind)
    if group.count() and group.first.get_attribute("open") is None:
        group.first.locator("summary").click()
    return page.locator(f"#moves details:has-text('{kind}') button.move").first


def play_the_deal(page: Any, shot: Path) -> int:
    """Play the person's turns by clicking until the deal ends: draw, meld what the legal
    moves offer, discard the card that is clicked; the number of turns played."""
    version, turns = "", 0
    while True:
        version = wait_for_screen(page, version)
        phase = page.get_attribute("body", "data-phase")
        if phase == "over":
            if not shot.exists():
                page.screenshot(path=str(shot))
            return turns
        if phase == "draw":
            page.click("[data-action=draw]")
            turns += 1
            continue
        if phase == "answer":
            legal_move(page, "Answer").click()
            continue
        melds = page.locator("#moves details").filter(has_text="Meld (")
        if melds.count():
            legal_move(page, "Meld (").click()  # the meld is played: a new screen follows
            continue
        if not shot.exists() and page.locator(".meld").count() >= 2:
            page.click("#hand button.card >> nth=0")
            page.click("#hand button.card >> nth=1")
            page.screenshot(path=str(shot))
            page.click("#actions >> text=Clear")
        cards = page.locator("#hand button.card")
        cards.nth(cards.count() - 1).click()  # the highest card
        page.click("[data-action=discard]")
        page.wait_for_selector(
            f'body:not([data-version="{version}"]), #refusal:not([hidden])',
            state="attached",
            timeout=10_000,
        )
        if page.locator("#refusal").is_visible():
            legal_move(page, "Discard").click()  # a discard the rules allow
