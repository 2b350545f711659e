package dev.pbs.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The dashboard in headless Chromium against the whole application: charts really drawn (canvas pixels of
 * each series' colour), the table of every (R, W), the SLA form's recommendation and error, the layout at
 * 1280x800 and at 420x900, and a console free of errors. Screenshots go to {@code target/screenshots/}.
 * Needs Debian's {@code chromium} and {@code chromium-driver}; without them it is skipped, or fails when
 * {@code PBS_REQUIRE_BROWSER=1} (as in CI).
 */
class DashboardBrowserTest {

    /** Debian's paths; the properties exist to check the skip and the failure when they are missing. */
    private static final Path CHROMIUM = Path.of(System.getProperty("pbs.test.chromium", "/usr/bin/chromium"));
    private static final Path CHROMEDRIVER = Path.of(System.getProperty("pbs.test.chromedriver",
            "/usr/bin/chromedriver"));
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final Path SCREENSHOTS = Path.of("target", "screenshots");
    /** The first two series colours of charts.js (#1f77b4, #d62728); the second is also the trade-off chart's. */
    private static final List<Integer> BLUE = List.of(31, 119, 180);
    private static final List<Integer> RED = List.of(214, 39, 40);
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

    private static DropwizardAppExtension<PbsConfiguration> app;

    private ChromeDriver driver;
    private WebDriverWait wait;
    private Path browserProfile;

    private static final boolean INSTALLED = Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
    private static final String MISSING = "the browser test needs " + CHROMIUM + " and " + CHROMEDRIVER
            + ": install the Debian packages with 'apt-get install chromium chromium-driver'";

    @BeforeAll
    static void startTheApplication() throws Exception {
        if (!INSTALLED && "1".equals(System.getenv("PBS_REQUIRE_BROWSER"))) {
            fail("PBS_REQUIRE_BROWSER=1 but " + MISSING);
        }
        if (!INSTALLED) {
            return; // each test is skipped, naming what to install
        }
        app = new DropwizardAppExtension<>(PbsApplication.class, ResourceHelpers.resourceFilePath("test-pbs.yml"),
                ConfigOverride.config("dataDirectory", Files.createTempDirectory("pbs-browser").toString()));
        app.before();
        Files.createDirectories(SCREENSHOTS);
    }

    @AfterAll
    static void stopTheApplication() {
        if (app != null) {
            app.after();
        }
    }

    @BeforeEach
    void openTheBrowser() throws IOException {
        assumeTrue(INSTALLED, MISSING);
        System.setProperty("webdriver.chrome.driver", CHROMEDRIVER.toString());
        browserProfile = Files.createTempDirectory("pbs-chromium");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--hide-scrollbars", "--force-device-scale-factor=1", "--window-size=1280,800",
                "--user-data-dir=" + browserProfile);
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort().build();
        driver = new ChromeDriver(service, options);
        driver.manage().timeouts().pageLoadTimeout(WAIT).scriptTimeout(WAIT);
        wait = new WebDriverWait(driver, WAIT);
        driver.get("about:blank");
        resizeViewport(1280, 800);
    }

    /** Sizes the window so that the page itself gets width x height (headless windows have a frame too). */
    private void resizeViewport(int width, int height) {
        driver.manage().window().setSize(new Dimension(width, height));
        long innerWidth = viewportWidth();
        long innerHeight = ((Number) script("return window.innerHeight")).longValue();
        driver.manage().window().setSize(new Dimension((int) (2 * width - innerWidth),
                (int) (2 * height - innerHeight)));
        wait.until(ignored -> viewportWidth() == width
                && ((Number) script("return window.innerHeight")).longValue() == height);
    }

    @AfterEach
    void quitTheBrowser() throws IOException {
        if (driver != null) {
            driver.quit();
        }
        if (browserProfile == null) {
            return;
        }
        try (var files = Files.walk(browserProfile)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
    }

    private String page(String query) {
        return "http://127.0.0.1:" + app.getLocalPort() + "/" + query;
    }

    @Test
    void dashboard_lnkdDiskNThreeAt1280x800_drawsChartsTableAndRecommendation() throws IOException {
        // Start elsewhere, then choose lnkd-disk, N=3 and the configurations as a user would.
        driver.get(page("?profile=ymmr&n=2&trials=100000"));
        waitForStatus("ymmr, N=2");
        assertThat(viewportWidth()).isEqualTo(1280);
        new Select(driver.findElement(By.id("profile"))).selectByValue("lnkd-disk");
        WebElement replicas = driver.findElement(By.id("n"));
        replicas.clear();
        replicas.sendKeys("3");
        script("arguments[0].dispatchEvent(new Event('change', {bubbles: true}))", replicas);
        driver.findElement(By.id("predict")).click();
        waitForStatus("lnkd-disk, N=3, 100,000 trials");
        for (WebElement box : driver.findElements(By.cssSelector("#chosen input:checked"))) {
            box.click();
        }
        driver.findElement(By.cssSelector("#chosen input[value='1,1']")).click();
        driver.findElement(By.cssSelector("#chosen input[value='2,1']")).click();
        assertThat(driver.getCurrentUrl()).contains("profile=lnkd-disk").contains("n=3").contains("show=1%2C1%3B2%2C1");

        // Both chosen curves are drawn in their colours; every (R, W) of N=3 is in the table.
        Map<String, List<Long>> visibility = waitForPixels("#visibility canvas", List.of(BLUE, RED), 500);
        assertThat(visibility.get("opaque")).allSatisfy(count -> assertThat(count).isGreaterThan(500));
        assertTableHasEveryConfigurationOfThree();
        waitForPixels("#readLatency canvas", List.of(BLUE, RED), 200);
        waitForPixels("#writeLatency canvas", List.of(BLUE, RED), 200);
        Map<String, List<Long>> tradeoff = waitForPixels("#tradeoff", List.of(RED), 0);
        assertThat(tradeoff.get("opaque").get(0)).as("trade-off points").isGreaterThan(300);

        // On the log P(stale) axis the 95% bands are wide enough to see: filled in each curve's colour.
        new Select(driver.findElement(By.id("yAxis"))).selectByValue("stale");
        Map<String, List<Long>> stale = waitForPixels("#visibility canvas", List.of(BLUE, RED), 200);
        save("dashboard-stale-1280x800");
        assertThat(stale.get("translucent")).as("band fill").allSatisfy(count -> assertThat(count).isGreaterThan(1000));
        new Select(driver.findElement(By.id("yAxis"))).selectByValue("consistent");

        // The SLA form: its fields become the service's requirement strings; the page shows the service's answer.
        type("slaWindowMs", "20");
        type("slaWriteMs", "15");
        assertThat(driver.findElement(By.id("slaPreview")).getText())
                .isEqualTo("window@0.999<=20ms, write.p99.9<=15ms");
        // Answers held back for a second, so that the loading state can be seen.
        script("const answer = window.fetch; window.fetch = (...request) => "
                + "new Promise((resolve) => setTimeout(resolve, 1000)).then(() => answer(...request));");
        driver.findElement(By.id("slaSubmit")).click();
        assertThat(driver.findElement(By.id("slaSubmit")).isEnabled()).as("button while loading").isFalse();
        assertThat(driver.findElement(By.id("slaStatus")).getText()).startsWith("Simulating every (R, W) of N=3");
        assertThat(driver.findElement(By.id("sla")).getAttribute("aria-busy")).isEqualTo("true");
        WebElement best = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("slaBest")));
        assertThat(driver.findElement(By.id("slaSubmit")).isEnabled()).isTrue();
        JsonNode answer = recommendation("{\"profile\": \"lnkd-disk\", \"n\": 3, \"require\": "
                + "[\"window@0.999<=20ms\", \"write.p99.9<=15ms\"], \"objective\": \"sum\", \"levels\": \"numeric\", "
                + "\"trials\": 100000, \"seed\": 42}");
        JsonNode first = answer.get("feasible").get(0);
        assertThat(best.getText()).startsWith("Recommended: N=3, R=" + first.get("r").asInt() + ", W="
                + first.get("w").asInt());
        assertThat(rows("#slaFeasible")).hasSize(answer.get("feasible").size());
        List<WebElement> rejected = rows("#slaRejected");
        assertThat(rejected).hasSize(answer.get("rejected").size()).isNotEmpty();
        for (WebElement row : rejected) {
            assertThat(row.findElements(By.tagName("td")).get(4).getText()).as("why").matches(".*(window|write).*");
        }
        assertThat(driver.findElement(By.id("slaStatus")).getAttribute("class")).doesNotContain("error");

        assertNoHorizontalOverflow();
        save("dashboard-1280x800");
        saveFullPage("dashboard-1280x800-full");
        assertNoConsoleErrors();
    }

    @Test
    void dashboard_resizedTo420x900_chartsFollowTheWidthAndNothingOverflows() throws IOException {
        driver.get(page("?profile=lnkd-disk&n=3&trials=100000&show=1%2C1%3B2%2C1"));
        waitForStatus("lnkd-disk, N=3");
        waitForPixels("#visibility canvas", List.of(BLUE, RED), 500);
        long wide = chartWidth("#visibility");
        assertThat(wide).isGreaterThan(1000);

        resizeViewport(420, 900);
        wait.until(ignored -> chartWidth("#visibility") < 420);
        waitForPixels("#visibility canvas", List.of(BLUE, RED), 200);
        waitForPixels("#tradeoff", List.of(RED), 0);
        driver.findElement(By.id("slaSubmit")).click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("slaBest")));
        assertTableHasEveryConfigurationOfThree();

        assertNoHorizontalOverflow();
        // Wide tables scroll inside their box instead of widening the page.
        for (String table : List.of("#table", "#slaFeasible", "#slaRejected")) {
            Number boxRight = (Number) script("return arguments[0].parentElement.getBoundingClientRect().right",
                    driver.findElement(By.cssSelector(table)));
            assertThat(boxRight.doubleValue()).as(table).isLessThanOrEqualTo(viewportWidth());
        }
        Boolean scrolls = (Boolean) script("const box = arguments[0].parentElement; "
                + "return box.scrollWidth > box.clientWidth", driver.findElement(By.cssSelector("#table")));
        assertThat(scrolls).as("the table scrolls in its box").isTrue();
        for (String chart : List.of("#visibility", "#readLatency", "#writeLatency")) {
            assertThat(chartWidth(chart)).as(chart).isLessThanOrEqualTo(containerWidth(chart));
        }
        save("dashboard-420x900");
        saveFullPage("dashboard-420x900-full");
        assertNoConsoleErrors();
    }

    @Test
    void slaForm_requirementTheServiceRefuses_showsTheServicesMessage() {
        driver.get(page("?profile=lnkd-disk&n=3&trials=10000"));
        waitForStatus("lnkd-disk, N=3");
        type("slaMore", "window@2<=5ms");
        driver.findElement(By.id("slaSubmit")).click();

        WebElement status = wait.until(
                ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#slaStatus.error")));
        assertThat(status.getText()).startsWith("The recommendation failed: HTTP 400 from /recommendations")
                .contains("window@2<=5ms").contains("a probability must be in (0, 1)");
        assertThat(driver.findElement(By.id("slaResult")).isDisplayed()).isFalse();
        // The refused request is the only error the browser reports.
        assertThat(severe()).isNotEmpty().allSatisfy(entry -> assertThat(entry.getMessage())
                .contains("/api/v1/recommendations").contains("400"));
    }

    private void waitForStatus(String text) {
        wait.until(ignored -> {
            WebElement status = driver.findElement(By.id("status"));
            if (status.getAttribute("class").contains("error")) {
                fail("the page reports: " + status.getText());
            }
            return status.getText().startsWith(text);
        });
    }

    @SuppressWarnings("unchecked")
    private Map<String, List<Long>> waitForPixels(String canvas, List<List<Integer>> colors, long atLeast) {
        return wait.until(ignored -> {
            Map<String, List<Long>> counts = (Map<String, List<Long>>) script(COUNT_PIXELS,
                    driver.findElement(By.cssSelector(canvas)), colors);
            return counts.get("opaque").stream().allMatch(count -> count > atLeast) ? counts : null;
        });
    }

    private void assertTableHasEveryConfigurationOfThree() {
        List<WebElement> rows = wait.until(ignored -> {
            List<WebElement> found = rows("#table");
            return found.size() == 9 ? found : null;
        });
        int index = 0;
        for (int r = 1; r <= 3; r++) {
            for (int w = 1; w <= 3; w++) {
                WebElement row = rows.get(index++);
                String name = row.findElements(By.tagName("td")).get(0).getText();
                boolean strict = r + w > 3;
                assertThat(name).as("R=%d W=%d", r, w).isEqualTo("R=" + r + " W=" + w + (strict ? " strict" : ""));
                assertThat(row.getAttribute("class")).isEqualTo(strict ? "strict" : "partial");
            }
        }
    }

    private List<WebElement> rows(String table) {
        return driver.findElements(By.cssSelector(table + " tbody tr"));
    }

    private void type(String id, String text) {
        WebElement field = driver.findElement(By.id(id));
        field.clear();
        field.sendKeys(text);
    }

    private JsonNode recommendation(String body) {
        Response response = app.client().target("http://127.0.0.1:" + app.getLocalPort() + "/api/v1/recommendations")
                .request().post(Entity.json(body));
        assertThat(response.getStatus()).isEqualTo(200);
        return response.readEntity(JsonNode.class);
    }

    private Object script(String script, Object... arguments) {
        return ((JavascriptExecutor) driver).executeScript(script, arguments);
    }

    private long viewportWidth() {
        return ((Number) script("return window.innerWidth")).longValue();
    }

    private long chartWidth(String chart) {
        return ((Number) script("return arguments[0].getBoundingClientRect().width",
                driver.findElement(By.cssSelector(chart + " .uplot")))).longValue();
    }

    private long containerWidth(String chart) {
        return ((Number) script("return arguments[0].clientWidth", driver.findElement(By.cssSelector(chart))))
                .longValue();
    }

    private void assertNoHorizontalOverflow() {
        Number scrollWidth = (Number) script("return document.documentElement.scrollWidth");
        assertThat(scrollWidth.longValue()).as("page width").isLessThanOrEqualTo(viewportWidth());
    }

    private List<LogEntry> severe() {
        return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(entry -> entry.getLevel().intValue() >= Level.SEVERE.intValue()).toList();
    }

    private void assertNoConsoleErrors() {
        assertThat(severe()).as("browser console errors").isEmpty();
    }

    /** What the window shows, from the top of the page. */
    private void save(String name) throws IOException {
        script("window.scrollTo(0, 0)");
        Files.write(SCREENSHOTS.resolve(name + ".png"), driver.getScreenshotAs(OutputType.BYTES));
    }

    /** The whole page, not only the window: Chromium's DevTools screenshot beyond the viewport. */
    @SuppressWarnings("unchecked")
    private void saveFullPage(String name) throws IOException {
        Map<String, Object> size = (Map<String, Object>) script("return {width: document.documentElement.scrollWidth, "
                + "height: document.documentElement.scrollHeight}");
        Map<String, Object> shot = driver.executeCdpCommand("Page.captureScreenshot", Map.of("format", "png",
                "captureBeyondViewport", true, "clip", Map.of("x", 0, "y", 0, "width", size.get("width"),
                        "height", size.get("height"), "scale", 1)));
        Files.write(SCREENSHOTS.resolve(name + ".png"), Base64.getDecoder().decode((String) shot.get("data")));
    }
}
