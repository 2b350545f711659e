package dev.pbs.service;

import static dev.pbs.service.HeadlessChromium.BLUE;
import static dev.pbs.service.HeadlessChromium.RED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.service.history.ProbeHistory;
import dev.pbs.service.probes.CannedLivePrediction;
import dev.pbs.service.probes.CannedProfiles;
import dev.pbs.service.slas.PredictionClock;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The live probe section's history in headless Chromium, against the real service and its real history files. No
 * probe publishes without a cluster, so before the service starts the test writes into its data directory what a
 * probe's history would have kept, with {@link ProbeHistory#record} as the service writes it: for {@code prod}
 * eight live profiles ten minutes apart, each with its declared configurations predicted from it for real (ONE/ONE
 * and QUORUM/QUORUM, {@link CannedLivePrediction#of}; the first with t after commit, the others after the client's
 * acknowledgement), the third with 1% of its writes reaching a replica three hours
 * late (its ONE/ONE 99.9% window beyond the simulated range), the last three with slower writes (exponential of mean
 * 40 ms instead of 1 ms), whose drift the history records; for {@code staging}, which declares no SLAs, three
 * profiles without predictions; for {@code fresh}, one entry published a minute ago. The probes' contact point is 127.0.0.1:1: they stay unreachable, so their status
 * has no prediction, and they serve what was written from {@code GET /api/v1/probes/{name}/history} and their
 * status's drift.
 */
@Tag("end-to-end")
class LiveHistoryBrowserTest {

    private static final int ENTRIES = 8;
    private static final int SLOW_ENTRIES = 3;
    private static final int LATE_WRITES_ENTRY = 2;
    private static final Duration SPACING = Duration.ofMinutes(10);
    /** The first entry's time: the last is ten minutes ago. */
    private static final Instant FIRST =
            Instant.now().truncatedTo(ChronoUnit.SECONDS).minus(SPACING.multipliedBy(ENTRIES));

    /** The one entry of the probe {@code fresh}, published a minute ago. */
    private static final Instant FRESH =
            Instant.now().truncatedTo(ChronoUnit.SECONDS).minus(Duration.ofMinutes(1));

    /** Installed before the page's own scripts: GET /api/v1/probes/{name}/history answers 503 while pbsTest.failHistory. */
    private static final String FAILING_HISTORY = """
            (() => {
              const real = window.fetch.bind(window);
              window.pbsTest = {failHistory: false};
              window.fetch = (resource, init) => window.pbsTest.failHistory && String(resource).endsWith("/history")
                ? Promise.resolve(new Response(JSON.stringify({code: 503, message: "canned outage"}),
                    {status: 503, headers: {"Content-Type": "application/json"}}))
                : real(resource, init);
            })();
            """;

    @RegisterExtension
    static final BrowserSession SESSION = new BrowserSession(
            TestService.from("test-pbs-history-probes.yml").withData(LiveHistoryBrowserTest::writeHistories));

    private HeadlessChromium browser;
    private ChromeDriver driver;
    private WebDriverWait wait;

    /** The probes' histories, in the data directory's history/<name>/ where the service reads them at start. */
    private static void writeHistories(Path dataDirectory) {
        ProbeHistory prod = ProbeHistory.open(dataDirectory.resolve("history").resolve("prod"), 100, SPACING, SPACING);
        for (int index = 0; index < ENTRIES; index++) {
            LatencyProfile profile = index == LATE_WRITES_ENTRY
                    ? CannedProfiles.lateWrites(
                            "cassandra:prod", index, 10, Duration.ofHours(3).toMillis())
                    : index >= ENTRIES - SLOW_ENTRIES
                            ? CannedProfiles.slowWrites("cassandra:prod", index, 40)
                            : CannedProfiles.measured("cassandra:prod", index);
            // the first entry from a release that counted t from commit, the others after the acknowledgement
            prod.record(
                    profile,
                    index == 0
                            ? CannedLivePrediction.of(profile, PredictionClock.COMMIT)
                            : CannedLivePrediction.of(profile),
                    FIRST.plus(SPACING.multipliedBy(index)));
        }
        ProbeHistory fresh =
                ProbeHistory.open(dataDirectory.resolve("history").resolve("fresh"), 100, SPACING, SPACING);
        LatencyProfile first = CannedProfiles.measured("cassandra:fresh", 200);
        fresh.record(first, CannedLivePrediction.of(first), FRESH);
        ProbeHistory staging =
                ProbeHistory.open(dataDirectory.resolve("history").resolve("staging"), 100, SPACING, SPACING);
        for (int index = 0; index < 3; index++) {
            staging.record(
                    CannedProfiles.measured("cassandra:staging", 100 + index),
                    null,
                    FIRST.plus(SPACING.multipliedBy(ENTRIES - 3 + index)));
        }
    }

    @BeforeEach
    void useThisTestsBrowser() {
        browser = SESSION.browser();
        driver = browser.driver;
        wait = browser.wait;
    }

    @Test
    void historySection_keptEntries_drawsEachConfigurationsWindowOverTimeWithSlasAndDrift() throws IOException {
        JsonNode history = get("/v1/probes/prod/history");
        JsonNode entries = history.get("entries");
        assertThat(entries).hasSize(ENTRIES);
        driver.executeCdpCommand("Page.addScriptToEvaluateOnNewDocument", Map.of("source", FAILING_HISTORY));

        driver.get(page("?profile=cassandra:prod&n=3&trials=10000"));
        waitForStatus("cassandra:prod has no profile yet");
        waitForChart(ENTRIES);

        // One series per declared configuration, one point per kept entry: the windows the history gives.
        assertThat(script("return charts.historyChart.series.slice(1).map((series) => series.label)"))
                .isEqualTo(List.of("ONE/ONE", "QUORUM/QUORUM"));
        List<?> data = (List<?>) script("return charts.historyChart.data");
        assertThat(data).hasSize(3);
        List<Long> times = new ArrayList<>();
        entries.forEach(
                entry -> times.add(entry.get("published_at_epoch_seconds").asLong()));
        assertThat(((List<?>) data.get(0)).stream().map(time -> ((Number) time).longValue()))
                .containsExactlyElementsOf(times);
        assertThat(times.get(0)).isEqualTo(FIRST.getEpochSecond());
        List<Double> one = windows(data.get(1));
        List<Double> quorum = windows(data.get(2));
        for (int index = 0; index < ENTRIES; index++) {
            JsonNode expected = entries.get(index).get("prediction").get("configurations");
            assertThat(expected.get(0).get("write_level").asText()).isEqualTo("ONE");
            assertWindow(one.get(index), window(expected.get(0)), index);
            assertWindow(quorum.get(index), window(expected.get(1)), index);
        }
        assertThat(one.get(LATE_WRITES_ENTRY))
                .as("beyond the simulated range: a gap")
                .isNull();
        assertThat(quorum).as("a strict quorum").containsOnly(0.0);
        assertThat(one.get(ENTRIES - 1))
                .as("the slower writes' window")
                .isGreaterThan(5 * one.get(0))
                .isGreaterThan(5.0);
        Map<String, List<Long>> pixels = browser.waitForPixels("#historyChart canvas", List.of(BLUE, RED), 40);
        assertThat(pixels.get("opaque").get(0)).as("ONE/ONE's line and points").isGreaterThan(300);
        assertThat(text("historyNote"))
                .isEqualTo("One point per kept entry: 8, published from " + clock(times.get(0)) + " to "
                        + clock(times.get(ENTRIES - 1)) + ". Gaps where the window lay beyond the simulated range "
                        + "(reads not yet consistent with probability 0.999 at the longest time simulated): ONE/ONE at "
                        + clock(times.get(LATE_WRITES_ENTRY)) + ". The entries of " + clock(times.get(0))
                        + " count t from the write's commit, the others from the client's acknowledgement.");
        assertThat(script("return charts.historyChart.axes[1].label")).isEqualTo("99.9% window (ms, two clocks)");
        assertThat(text("historyStatus")).contains(": 8 entries kept (the last 1,008 at most, one every 600 s");
        assertThat(driver.findElement(By.id("historyEmpty")).isDisplayed()).isFalse();

        // The SLAs: the status has no prediction (the probe has not connected since the service started), so the
        // newest kept entry's, with its time.
        JsonNode newest = entries.get(ENTRIES - 1).get("prediction").get("configurations");
        assertThat(newest.get(0).get("sla_met").asBoolean()).isFalse();
        assertThat(newest.get(1).get("sla_met").asBoolean()).isTrue();
        String violation =
                newest.get(0).get("requirements").get(0).get("violation").asText();
        assertThat(violation).startsWith("window@0.999=");
        assertThat(text("slaNow"))
                .isEqualTo("SLAs at the newest kept entry (" + clock(times.get(ENTRIES - 1))
                        + "; no prediction since the service started; t after the client's acknowledgement of the"
                        + " write, a client round trip of 1.5 ms after commit (configured)): ONE/ONE missed: "
                        + violation
                        + "; QUORUM/QUORUM met");
        assertThat(driver.findElement(By.cssSelector("#slaNow .unmet")).getCssValue("color"))
                .isEqualTo("rgba(179, 38, 30, 1)");
        assertThat(driver.findElement(By.cssSelector("#slaNow .met")).getCssValue("color"))
                .isEqualTo("rgba(42, 122, 59, 1)");

        // The drift: only the writes moved, as the probe's status (the newest entry's test) says.
        JsonNode drift = null;
        for (JsonNode probe : get("/v1/probes")) {
            if (probe.get("name").asText().equals("prod")) {
                drift = probe.get("drift");
            }
        }
        assertThat(drift)
                .extracting(message -> message.get("moved").asBoolean())
                .containsExactly(true, false, false, false);
        JsonNode writes = drift.get(0);
        assertThat(text("driftNow"))
                .isEqualTo("W delays moved: median "
                        + figure(writes.get("reference_median_ms").asDouble()) + " → "
                        + figure(writes.get("latest_median_ms").asDouble())
                        + " ms (the newest profile against the week before).");
        browser.assertNoHorizontalOverflow();
        browser.save("live-history-1280x800");
        browser.saveFullPage("live-history-1280x800-full");

        // A failed history request says so, and leaves the last history on show, dimmed.
        script("window.pbsTest.failHistory = true; refreshLive()");
        WebElement status = wait.until(ignored -> {
            WebElement found = driver.findElement(By.id("historyStatus"));
            return found.getAttribute("class").contains("error") ? found : null;
        });
        assertThat(status.isDisplayed()).isTrue();
        assertThat(status.getText())
                .startsWith("Could not load the probe's history at ")
                .contains("HTTP 503 from /probes/prod/history: canned outage")
                .endsWith("Below is the last history received; trying again in 10 s.");
        assertThat(driver.findElement(By.id("liveHistory")).getAttribute("class"))
                .contains("outdated");
        assertThat(pointsPerSeries()).containsExactly(ENTRIES, ENTRIES);
        script("window.pbsTest.failHistory = false; refreshLive()");
        wait.until(ignored -> !driver.findElement(By.id("historyStatus"))
                .getAttribute("class")
                .contains("error"));
        assertThat(driver.findElement(By.id("liveHistory")).getAttribute("class"))
                .doesNotContain("outdated");

        browser.resizeViewport(420, 900);
        wait.until(ignored -> chartWidth() <= 420);
        browser.waitForPixels("#historyChart canvas", List.of(BLUE), 100);
        browser.assertNoHorizontalOverflow();
        browser.saveFullPage("live-history-420x900-full");
        browser.assertNoConsoleErrors();
    }

    @Test
    void historySection_probeWithoutSlas_saysSoInOneLineAndFollowsTheChosenProbe() {
        driver.get(page("?profile=cassandra:staging&n=3&trials=10000"));
        WebElement empty = wait.until(ignored -> {
            WebElement found = driver.findElement(By.id("historyEmpty"));
            return found.isDisplayed() ? found : null;
        });
        assertThat(empty.getText())
                .isEqualTo("The probe declares no SLAs (slas: in its configuration): its 3 kept entries have no "
                        + "windows to draw.");
        assertThat(driver.findElement(By.id("historyDrawn")).isDisplayed()).isFalse();
        assertThat(driver.findElement(By.id("slaNow")).isDisplayed()).isFalse();
        assertThat(script("return charts.historyChart === undefined")).isEqualTo(true);
        assertThat(text("driftNow")).isEqualTo("No message's delays moved against the week before (W, A, R, S).");

        // Another probe chosen: its history replaces the first's.
        new Select(driver.findElement(By.id("profile"))).selectByValue("cassandra:prod");
        waitForChart(ENTRIES);
        assertThat(driver.findElement(By.id("historyEmpty")).isDisplayed()).isFalse();
        assertThat(text("driftNow")).startsWith("W delays moved: median ");
        new Select(driver.findElement(By.id("profile"))).selectByValue("cassandra:staging");
        wait.until(ignored -> driver.findElement(By.id("historyEmpty")).isDisplayed());
        assertThat(script("return charts.historyChart === undefined")).isEqualTo(true);
        new Select(driver.findElement(By.id("profile"))).selectByValue("lnkd-disk");
        wait.until(ignored -> !driver.findElement(By.id("live")).isDisplayed());
        browser.assertNoConsoleErrors();
    }

    @Test
    void historySection_oneEntry_axisOfTenMinutesEitherSide() {
        driver.get(page("?profile=cassandra:fresh&n=3&trials=10000"));
        waitForChart(1);
        List<?> range = (List<?>) script("return [charts.historyChart.scales.x.min, charts.historyChart.scales.x.max]");
        assertThat(((Number) range.get(0)).longValue()).as("the axis's start").isEqualTo(FRESH.getEpochSecond() - 600);
        assertThat(((Number) range.get(1)).longValue()).as("the axis's end").isEqualTo(FRESH.getEpochSecond() + 600);
        assertThat(script("return charts.historyChart.axes[1].label")).isEqualTo("99.9% window (ms after ack)");
        assertThat(text("historyNote"))
                .endsWith(" Windows count from the moment the client has the write's acknowledgement.");
        browser.assertNoConsoleErrors();
    }

    private void waitForChart(int points) {
        wait.until(ignored -> {
            WebElement status = driver.findElement(By.id("historyStatus"));
            if (status.getAttribute("class").contains("error")) {
                fail("the page reports: " + status.getText());
            }
            return List.of(points, points).equals(pointsPerSeries());
        });
    }

    /** The number of values of each series the history chart draws, or null before it is drawn. */
    private List<Integer> pointsPerSeries() {
        List<?> counts = (List<?>) script("return typeof charts === 'object' && charts.historyChart "
                + "? charts.historyChart.data.slice(1).map((series) => series.length) : null");
        return counts == null
                ? null
                : counts.stream().map(count -> ((Number) count).intValue()).toList();
    }

    private static List<Double> windows(Object series) {
        return ((List<?>) series)
                .stream()
                        .map(value -> value == null ? null : ((Number) value).doubleValue())
                        .toList();
    }

    /** A configuration's 99.9% window in the history's JSON, null beyond the simulated range. */
    private static Double window(JsonNode configuration) {
        for (JsonNode window : configuration.get("windows")) {
            if (window.get("p").asDouble() == 0.999) {
                return window.get("ms").isNull() ? null : window.get("ms").asDouble();
            }
        }
        throw new AssertionError("no 99.9% window in " + configuration);
    }

    private static void assertWindow(Double shown, Double expected, int entry) {
        if (expected == null) {
            assertThat(shown).as("entry %d", entry).isNull();
        } else {
            assertThat(shown).as("entry %d", entry).isCloseTo(expected, within(1e-9));
        }
    }

    /** A figure as the page writes it: three significant digits, from 100 whole. */
    private static String figure(double value) {
        return value >= 100
                ? String.valueOf(Math.round(value))
                : new BigDecimal(value)
                        .round(new MathContext(3))
                        .stripTrailingZeros()
                        .toPlainString();
    }

    /** A time as the page writes it, in the browser's time zone. */
    private String clock(long epochSeconds) {
        return (String) script("return new Date(arguments[0] * 1000).toLocaleTimeString('en-GB')", epochSeconds);
    }

    private long chartWidth() {
        return ((Number) script(
                        "return arguments[0].getBoundingClientRect().width",
                        driver.findElement(By.cssSelector("#historyChart .uplot"))))
                .longValue();
    }

    private JsonNode get(String path) {
        return SESSION.service()
                .client()
                .target(SESSION.service().url("/api" + path))
                .request()
                .get(JsonNode.class);
    }

    private String page(String query) {
        return SESSION.service().url("/" + query);
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

    private String text(String id) {
        return driver.findElement(By.id(id)).getText();
    }

    private Object script(String script, Object... arguments) {
        return browser.script(script, arguments);
    }
}
