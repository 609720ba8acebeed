package richelieu.runner;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import richelieu.engine.record.GameRecord;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The page of {@code view} in a real browser: headless Chromium (Debian's chromium and
 * chromium-driver, installed here with apt when missing) loads the file, steps through a whole
 * game with arrow-key events, and the DOM's final scores must equal the record's. Skips, with a
 * message on stderr, only where apt itself is unavailable.
 */
@Tag("slow")
class ViewBrowserTest {
    private static final File CHROMIUM = new File("/usr/bin/chromium");
    private static final File DRIVER = new File("/usr/bin/chromedriver");
    private static ChromeDriver browser;

    @BeforeAll
    static void startBrowser() throws Exception {
        // Selenium warns that Debian's Chromium is newer than its CDP tables; CDP is not used here
        java.util.logging.Logger.getLogger("org.openqa.selenium").setLevel(java.util.logging.Level.SEVERE);
        if (!CHROMIUM.canExecute() || !DRIVER.canExecute()) {
            install();
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM);
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,1000");
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(DRIVER).build();
        browser = new ChromeDriver(service, options);
    }

    private static void install() throws Exception {
        boolean apt = new File("/usr/bin/apt-get").canExecute();
        if (!apt) {
            String why = "ViewBrowserTest SKIPPED: /usr/bin/chromium or /usr/bin/chromedriver is missing and apt-get is "
                    + "not available to install them (apt-get install chromium chromium-driver)";
            System.err.println(why);
            Assumptions.abort(why);
        }
        System.err.println("ViewBrowserTest: installing chromium and chromium-driver with apt-get ...");
        String sudo = "root".equals(System.getProperty("user.name")) ? "" : "sudo -n ";
        Process p = new ProcessBuilder("sh", "-c", "(" + sudo + "apt-get update -qq && " + sudo
                + "env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver) >/dev/null 2>&1")
                .inheritIO().start();
        if (!p.waitFor(15, TimeUnit.MINUTES) || p.exitValue() != 0 || !CHROMIUM.canExecute() || !DRIVER.canExecute()) {
            throw new IllegalStateException("apt-get could not install chromium and chromium-driver (exit "
                    + (p.isAlive() ? "timeout" : p.exitValue()) + ")");
        }
    }

    @AfterAll
    static void stopBrowser() {
        if (browser != null) {
            browser.quit();
        }
    }

    @Test
    void view_steppedThroughWithArrowKeys_showsTheRecordedFinalScores(@TempDir Path dir) throws IOException {
        Path rec = dir.resolve("games.jsonl");
        assertEquals(0, Cli.run("match", "greedy", "heuristic", "--pairs", "1", "--seed", "5", "--threads", "1",
                "--records", rec.toString()).exit);
        Path html = dir.resolve("game.html");
        Cli view = Cli.run("view", rec.toString(), "--game", "1", "-o", html.toString());
        assertEquals(0, view.exit, view.toString());
        GameRecord game = GameRecord.parse(Files.readAllLines(rec).get(1));

        browser.get(html.toUri().toString());
        int steps = ((Number) ((JavascriptExecutor) browser).executeScript("return GAME.steps.length")).intValue();
        assertTrue(steps > game.turns().size(), "one step per action, at least one per turn");
        assertEquals("0", text("step-no"));
        assertFalse(browser.findElement(By.id("final")).isDisplayed(), "no final score before the end");
        WebElement body = browser.findElement(By.tagName("body"));
        for (int i = 1; i < steps; i++) {
            body.sendKeys(Keys.ARROW_RIGHT);
        }
        assertEquals(String.valueOf(steps - 1), text("step-no"));
        assertTrue(browser.findElement(By.id("final")).isDisplayed(), "the final score shows at the end");
        for (int p = 0; p < 2; p++) {
            assertEquals(String.valueOf(game.result().scores()[p]), text("final-total-" + p), "seat " + p);
            assertEquals(String.valueOf(game.result().scores()[p]), text("total-" + p), "live total of seat " + p);
        }
        List<WebElement> empty = browser.findElements(By.cssSelector("#board .card"));
        assertEquals(0, empty.size(), "the table is empty at the end of a base game (R17)");
        Path shot = Paths.get("target", "view-browser-test-last.png");
        Files.createDirectories(shot.getParent());
        Files.write(shot, ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));

        body.sendKeys(Keys.ARROW_LEFT);
        assertEquals(String.valueOf(steps - 2), text("step-no"));
        assertFalse(browser.findElement(By.id("final")).isDisplayed());
        body.sendKeys(Keys.HOME);
        assertEquals("0", text("step-no"));
        assertEquals(48, browser.findElements(By.cssSelector("#board .card")).size(), "the deal: 4 rows of 12 (R5)");
        assertEquals(8, browser.findElements(By.cssSelector("#board .token")).size(), "8 face-down tokens (R6)");
        body.sendKeys(Keys.PAGE_DOWN);
        assertEquals("1", text("step-no"), "the next turn starts at step 1");
    }

    private static String text(String id) {
        return browser.findElement(By.id(id)).getText().trim();
    }
}
