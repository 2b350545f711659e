package dev.pbs.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.stream.Stream;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WindowType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Headless Chromium through ChromeDriver, for the dashboard's browser tests: a 1280x800 page, the browser
 * console's errors, canvas pixels by colour, and screenshots in {@code target/screenshots/}. One browser serves
 * every test of a JVM ({@link #forNextTest()}); each test gets a tab of its own. Needs Debian's
 * {@code chromium} and {@code chromium-driver}; {@link #installedOrFail()} says whether to skip.
 */
final class HeadlessChromium implements AutoCloseable {

    /** Debian's paths; the properties exist to check the skip and the failure when they are missing. */
    static final Path CHROMIUM = Path.of(System.getProperty("pbs.test.chromium", "/usr/bin/chromium"));

    static final Path CHROMEDRIVER = Path.of(System.getProperty("pbs.test.chromedriver", "/usr/bin/chromedriver"));
    static final boolean INSTALLED = Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
    static final String MISSING = "the browser test needs " + CHROMIUM + " and " + CHROMEDRIVER
            + ": install the Debian packages with 'apt-get install chromium chromium-driver'";
    static final Duration WAIT = Duration.ofSeconds(30);
    static final Path SCREENSHOTS = Path.of("target", "screenshots");
    /** The first two series colours of charts.js (#1f77b4, #d62728); the second is also the trade-off chart's. */
    static final List<Integer> BLUE = List.of(31, 119, 180);

    static final List<Integer> RED = List.of(214, 39, 40);
    /**
     * Pixels of each colour on a canvas: opaque ones (lines, points) and ones at about the band fill's 20% alpha.
     * arguments: the canvas, a list of [r, g, b].
     */
    private static final String COUNT_PIXELS = """
            const canvas = arguments[0];
            const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
            const opaque = arguments[1].map(() => 0);
            const translucent = arguments[1].map(() => 0);
            for (let i = 0; i < data.length; i += 4) {
              const alpha = data[i + 3];
              if (alpha === 0) continue;
              arguments[1].forEach((color, k) => {
                const near = Math.abs(data[i] - color[0]) + Math.abs(data[i + 1] - color[1])
                  + Math.abs(data[i + 2] - color[2]) < 60;
                if (near && alpha > 200) opaque[k]++;
                else if (near && alpha >= 35 && alpha <= 70) translucent[k]++;
              });
            }
            return {opaque: opaque, translucent: translucent};
            """;

    /** The JVM's browser, started by the first test that asks and quit when the JVM exits. */
    private static HeadlessChromium shared;

    final ChromeDriver driver;
    final WebDriverWait wait;
    private final Path profile;
    private final List<LogEntry> console = new ArrayList<>();

    /**
     * The JVM's browser, ready for a test: a new tab at 1280x800 in place of every earlier one (so that no page,
     * script added through DevTools or console message of an earlier test is left), and the console's record
     * empty. Starting Chromium takes 2 to 4 s here; a tab, a fraction of that.
     */
    static synchronized HeadlessChromium forNextTest() throws IOException {
        if (shared == null) {
            shared = new HeadlessChromium();
            HeadlessChromium started = shared;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    started.close();
                } catch (IOException | RuntimeException ignored) {
                    // the JVM is ending; its temporary profile is all that may be left
                }
            }));
        } else {
            shared.freshTab();
        }
        return shared;
    }

    /**
     * Whether the browser is installed; fails when it is not but {@code PBS_REQUIRE_BROWSER=1} (as in CI), so
     * that a missing browser cannot pass for a skipped test there.
     */
    static boolean installedOrFail() {
        if (!INSTALLED && "1".equals(System.getenv("PBS_REQUIRE_BROWSER"))) {
            fail("PBS_REQUIRE_BROWSER=1 but " + MISSING);
        }
        if (INSTALLED) {
            try {
                Files.createDirectories(SCREENSHOTS);
            } catch (IOException problem) {
                fail("cannot create " + SCREENSHOTS + ": " + problem);
            }
        }
        return INSTALLED;
    }

    HeadlessChromium() throws IOException {
        System.setProperty("webdriver.chrome.driver", CHROMEDRIVER.toString());
        profile = Files.createTempDirectory("pbs-chromium");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments(
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--hide-scrollbars",
                "--force-device-scale-factor=1",
                "--window-size=1280,800",
                "--user-data-dir=" + profile);
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort()
                .build();
        driver = new ChromeDriver(service, options);
        driver.manage().timeouts().pageLoadTimeout(WAIT).scriptTimeout(WAIT);
        wait = new WebDriverWait(driver, WAIT);
        driver.get("about:blank");
        resizeViewport(1280, 800);
    }

    /** Opens a new tab, closes the others, and forgets the console's messages so far. */
    private void freshTab() {
        driver.switchTo().newWindow(WindowType.TAB);
        String fresh = driver.getWindowHandle();
        for (String handle : driver.getWindowHandles()) {
            if (!handle.equals(fresh)) {
                driver.switchTo().window(handle).close();
            }
        }
        driver.switchTo().window(fresh);
        driver.manage().logs().get(LogType.BROWSER);
        console.clear();
        resizeViewport(1280, 800);
        assertThat(driver.getWindowHandles()).as("tabs").containsExactly(fresh);
    }

    /** Sizes the window so that the page itself gets width x height (headless windows have a frame too). */
    void resizeViewport(int width, int height) {
        driver.manage().window().setSize(new Dimension(width, height));
        long innerWidth = viewportWidth();
        long innerHeight = ((Number) script("return window.innerHeight")).longValue();
        driver.manage().window().setSize(new Dimension((int) (2 * width - innerWidth), (int)
                (2 * height - innerHeight)));
        wait.until(ignored ->
                viewportWidth() == width && ((Number) script("return window.innerHeight")).longValue() == height);
    }

    Object script(String script, Object... arguments) {
        return driver.executeScript(script, arguments);
    }

    long viewportWidth() {
        return ((Number) script("return window.innerWidth")).longValue();
    }

    /** Waits until the canvas has more than atLeast opaque pixels of each colour; its opaque and translucent counts. */
    @SuppressWarnings("unchecked")
    Map<String, List<Long>> waitForPixels(String canvas, List<List<Integer>> colors, long atLeast) {
        return wait.until(ignored -> {
            Map<String, List<Long>> counts =
                    (Map<String, List<Long>>) script(COUNT_PIXELS, driver.findElement(By.cssSelector(canvas)), colors);
            return counts.get("opaque").stream().allMatch(count -> count > atLeast) ? counts : null;
        });
    }

    void assertNoHorizontalOverflow() {
        Number scrollWidth = (Number) script("return document.documentElement.scrollWidth");
        assertThat(scrollWidth.longValue()).as("page width").isLessThanOrEqualTo(viewportWidth());
    }

    /** Every error the browser console reported since the browser started. */
    List<LogEntry> severe() {
        console.addAll(driver.manage().logs().get(LogType.BROWSER).getAll());
        return console.stream()
                .filter(entry -> entry.getLevel().intValue() >= Level.SEVERE.intValue())
                .toList();
    }

    void assertNoConsoleErrors() {
        assertThat(severe()).as("browser console errors").isEmpty();
    }

    /** What the window shows, from the top of the page. */
    void save(String name) throws IOException {
        script("window.scrollTo(0, 0)");
        Files.write(SCREENSHOTS.resolve(name + ".png"), driver.getScreenshotAs(OutputType.BYTES));
    }

    /** The whole page, not only the window: Chromium's DevTools screenshot beyond the viewport. */
    @SuppressWarnings("unchecked")
    void saveFullPage(String name) throws IOException {
        Map<String, Object> size = (Map<String, Object>) script("return {width: document.documentElement.scrollWidth, "
                + "height: document.documentElement.scrollHeight}");
        Map<String, Object> shot = driver.executeCdpCommand(
                "Page.captureScreenshot",
                Map.of(
                        "format",
                        "png",
                        "captureBeyondViewport",
                        true,
                        "clip",
                        Map.of("x", 0, "y", 0, "width", size.get("width"), "height", size.get("height"), "scale", 1)));
        Files.write(SCREENSHOTS.resolve(name + ".png"), Base64.getDecoder().decode((String) shot.get("data")));
    }

    @Override
    public void close() throws IOException {
        driver.quit();
        try (Stream<Path> files = Files.walk(profile)) {
            files.sorted(Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        }
    }
}
