package dev.pbs.service;

import static dev.pbs.service.HeadlessChromium.BLUE;
import static dev.pbs.service.HeadlessChromium.RED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pbs.cassandra.observe.ObservedStaleness;
import dev.pbs.service.probes.CannedProbeStatus;
import dev.pbs.service.probes.ProbeStatus;
import dev.pbs.service.slas.LivePrediction;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
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
 * The dashboard's live probe section in headless Chromium. The application runs with a probe whose contact
 * point nothing listens on (127.0.0.1:1): choosing its profile cassandra:nowhere shows the probe unreachable
 * with its error. A running probe with an observation needs a cluster, so the second test gives the page a
 * canned GET /api/v1/probes answer built from the wire records ({@link CannedProbeStatus}), and the canned
 * probe's history beside it, replacing the browser's fetch for those two paths before the page loads;
 * everything else is the real service. {@link LiveHistoryBrowserTest} draws a history the service keeps.
 */
@Tag("end-to-end")
class LiveProbeBrowserTest {

    /**
     * Installed before the page's own scripts: GET /api/v1/probes answers the canned list number
     * pbsTest.answer, or 503 while pbsTest.failProbes; GET /api/v1/probes/canned/history the canned history;
     * predictions for cassandra:canned go to the service with the canned profile inline. %s: the canned
     * answers, the canned history, the inline profile.
     */
    private static final String CANNED_FETCH = """
            (() => {
              const answers = %s;
              const history = %s;
              const profile = %s;
              const real = window.fetch.bind(window);
              const json = (body, status) => new Response(JSON.stringify(body),
                {status: status, headers: {"Content-Type": "application/json"}});
              window.pbsTest = {answer: 0, failProbes: false};
              window.fetch = (resource, init) => {
                if (String(resource) === "/api/v1/probes") {
                  const answer = window.pbsTest.failProbes ? json({code: 503, message: "canned outage"}, 503)
                    : json(answers[window.pbsTest.answer], 200);
                  return Promise.resolve(answer);
                }
                if (String(resource) === "/api/v1/probes/canned/history") {
                  return Promise.resolve(json(history, 200));
                }
                if (String(resource) === "/api/v1/predictions" && JSON.parse(init.body).profile === profile.name) {
                  const body = JSON.parse(init.body);
                  delete body.profile;
                  body.profile_inline = profile;
                  return real(resource, Object.assign({}, init, {body: JSON.stringify(body)}));
                }
                return real(resource, init);
              };
            })();
            """;

    @RegisterExtension
    static final BrowserSession SESSION = new BrowserSession(TestService.from("test-pbs-unreachable-probe.yml"));

    private HeadlessChromium browser;
    private ChromeDriver driver;
    private WebDriverWait wait;

    @BeforeEach
    void useThisTestsBrowser() {
        browser = SESSION.browser();
        driver = browser.driver;
        wait = browser.wait;
    }

    @Test
    void liveSection_unreachableProbeChosen_showsUnreachableWithItsError() throws IOException {
        String lastError = wait.until(ignored -> {
            JsonNode probe = probes().get(0);
            return "unreachable".equals(probe.get("state").asText())
                    ? probe.get("last_error").asText()
                    : null;
        });
        driver.get(page("?profile=lnkd-disk&n=3&trials=10000"));
        waitForStatus("lnkd-disk, N=3");
        assertThat(driver.findElement(By.id("live")).isDisplayed())
                .as("for a built-in profile")
                .isFalse();
        WebElement option = driver.findElement(By.cssSelector("#profile optgroup[label='Live probes'] option"));
        assertThat(option.getAttribute("value")).isEqualTo("cassandra:nowhere");
        assertThat(option.getText()).isEqualTo("cassandra:nowhere (live, no profile yet)");

        new Select(driver.findElement(By.id("profile"))).selectByValue("cassandra:nowhere");
        waitForLiveState("unreachable");

        assertThat(driver.getCurrentUrl()).contains("profile=cassandra%3Anowhere");
        WebElement error = driver.findElement(By.id("liveError"));
        assertThat(error.getText()).isEqualTo("Last error: " + lastError).contains("127.0.0.1:1");
        assertThat(error.getCssValue("color")).isEqualTo("rgba(179, 38, 30, 1)");
        assertThat(text("liveStateText")).startsWith("cannot reach the cluster");
        assertThat(text("liveFacts"))
                .contains("cassandra:nowhere: not published yet", "none yet", "0 succeeded, 0 failed, 0 skipped");
        assertThat(text("liveNodes")).contains("none seen yet");
        assertThat(driver.findElement(By.id("noObservation")).isDisplayed()).isTrue();
        assertThat(driver.findElement(By.id("liveObservation")).isDisplayed()).isFalse();
        assertThat(driver.findElement(By.id("liveStatus")).getAttribute("class"))
                .doesNotContain("error");
        // Its history (real: the service's own, empty) says so in one line, without a chart.
        wait.until(ignored -> driver.findElement(By.id("historyEmpty")).isDisplayed());
        assertThat(text("historyEmpty"))
                .isEqualTo("No history yet: the probe keeps an entry each time it publishes a live profile, one "
                        + "every 600 s at most.");
        assertThat(text("historyStatus")).contains(": 0 entries kept");
        assertThat(driver.findElement(By.id("historyDrawn")).isDisplayed()).isFalse();
        assertThat(driver.findElement(By.id("slaNow")).isDisplayed()).isFalse();
        assertThat(driver.findElement(By.id("driftNow")).isDisplayed()).isFalse();

        // Nothing to predict with yet: the page says so instead of sending a request the service would refuse.
        driver.findElement(By.id("predict")).click();
        waitForStatus("cassandra:nowhere has no profile yet");
        browser.assertNoHorizontalOverflow();
        browser.save("live-unreachable-1280x800");

        // The state is in the URL: opened afresh, the page shows the live section at once.
        driver.get(driver.getCurrentUrl());
        waitForLiveState("unreachable");
        new Select(driver.findElement(By.id("profile"))).selectByValue("ymmr");
        wait.until(ignored -> !driver.findElement(By.id("live")).isDisplayed());
        browser.assertNoConsoleErrors();
    }

    @Test
    void liveSection_cannedRunningProbe_drawsObservedAgainstPredictedAndRefreshes() throws IOException {
        long published = Instant.now().getEpochSecond() - 3;
        ProbeStatus first = CannedProbeStatus.running("canned", published, 1500);
        String answers = "["
                + SESSION.service().objectMapper().writeValueAsString(List.of(first))
                + ", "
                + SESSION.service()
                        .objectMapper()
                        .writeValueAsString(List.of(CannedProbeStatus.running("canned", published + 5, 1700)))
                + "]";
        ObjectNode profile = (ObjectNode) SESSION.service()
                .client()
                .target(api("/v1/profiles/lnkd-disk"))
                .request()
                .get(JsonNode.class);
        profile.put("name", "cassandra:canned");
        driver.executeCdpCommand(
                "Page.addScriptToEvaluateOnNewDocument",
                Map.of(
                        "source",
                        String.format(
                                CANNED_FETCH,
                                answers,
                                SESSION.service().objectMapper().writeValueAsString(CannedProbeStatus.history(first)),
                                profile)));

        driver.get(page("?profile=cassandra:canned&n=3&trials=10000"));
        waitForStatus("cassandra:canned, N=3, 10,000 trials");
        waitForLiveState("running");
        script("window.notReloaded = true");

        assertThat(driver.findElement(By.cssSelector("#profile optgroup option"))
                        .getText())
                .isEqualTo("cassandra:canned (live)");
        assertThat(driver.findElement(By.id("liveError")).isDisplayed()).isFalse();
        assertThat(text("liveFacts"))
                .contains(
                        "cassandra:canned, published",
                        "W 412, A 412, R 398, S 398",
                        "1,500 succeeded, 7 failed, 2 skipped");
        List<WebElement> nodes = driver.findElements(By.cssSelector("#liveNodes tbody tr"));
        assertThat(nodes)
                .extracting(row -> String.join(
                        " ",
                        row.findElements(By.tagName("td")).stream()
                                .map(WebElement::getText)
                                .toList()))
                .containsExactly("127.0.0.1 up 0", "127.0.0.2 up 0", "127.0.0.3 down 7");
        assertThat(nodes.get(2).getAttribute("class")).isEqualTo("down");

        // Observed points and their error bars in red, the predicted curve in blue; the fit printed beside it.
        ObservedStaleness observed = CannedProbeStatus.observation();
        assertThat(text("observationNote"))
                .startsWith("N=3, R=1, W=1: 60 writes acknowledged (0 failed)")
                .contains("60 reads per t");
        assertThat(text("observationFit"))
                .contains(
                        String.format(Locale.ROOT, "%.4f", observed.rmse()),
                        String.format(Locale.ROOT, "%.4f", observed.noiseFloor()),
                        String.format(Locale.ROOT, "%.2f", observed.rmse() / observed.noiseFloor()))
                .contains("Inside the 95% prediction interval\n14 of 15 t in this window")
                .contains("Windows inside it since the service started\n"
                        + "t = 0 ms: 19 of 20; t = 5 ms: 20 of 20 (about 95% if the model is right)");
        assertThat(text("observationNote")).contains("dashed: the 95% prediction interval of the observed share");
        assertThat(driver.findElement(By.id("observationProblem")).isDisplayed())
                .isFalse();
        Map<String, List<Long>> pixels = browser.waitForPixels("#observationChart canvas", List.of(RED, BLUE), 300);
        assertThat(pixels.get("opaque").get(0))
                .as("observed points and error bars")
                .isGreaterThan(600);
        assertThat(driver.findElement(By.id("noObservation")).isDisplayed()).isFalse();
        assertThat(script("return charts.observationChart.series.slice(1).map((series) => series.label)"))
                .isEqualTo(List.of(
                        "predicted", "observed", "95% prediction interval, low", "95% prediction interval, high"));

        // The declared SLAs now, from the status's prediction; the drift it names; the windows of the history.
        LivePrediction.Configuration one = first.prediction().configurations().get(0);
        LivePrediction.Configuration quorum =
                first.prediction().configurations().get(1);
        assertThat(one.slaStatus()).isEqualTo("missed");
        assertThat(quorum.slaStatus()).isEqualTo("uncertain");
        assertThat(quorum.requirements().get(1).violation())
                .startsWith("read.p50<=")
                .contains(" uncertain: ");
        assertThat(text("slaNow"))
                .isEqualTo("SLAs now (predicted " + clock(first.prediction().predictedAtEpochSeconds())
                        + "; t after the client's acknowledgement of the write, a client round trip of 1.5 ms after"
                        + " commit (configured)): ONE/ONE missed: "
                        + one.requirements().get(0).violation()
                        + "; QUORUM/QUORUM uncertain: "
                        + quorum.requirements().get(1).violation());
        assertThat(driver.findElement(By.cssSelector("#slaNow .uncertain")).getCssValue("color"))
                .isEqualTo("rgba(138, 90, 0, 1)");
        assertThat(text("driftNow"))
                .isEqualTo("W delays moved: median 1.1 → 41.2 ms (the newest profile against the week before).");
        wait.until(ignored -> script("return typeof charts === 'object' && charts.historyChart "
                        + "? charts.historyChart.data.map((series) => series.length).join() : ''")
                .equals("2,2,2"));
        assertThat(script("return charts.historyChart.series.slice(1).map((series) => series.label)"))
                .isEqualTo(List.of("ONE/ONE", "QUORUM/QUORUM"));
        browser.assertNoHorizontalOverflow();
        browser.save("live-observation-1280x800");
        browser.saveFullPage("live-observation-1280x800-full");

        // Asked again every 10 s, without reloading the page.
        script("window.pbsTest.answer = 1");
        wait.until(ignored -> text("liveFacts").contains("1,700 succeeded"));
        assertThat(script("return window.notReloaded === true")).isEqualTo(true);

        // A failed refresh says what failed and keeps the last status on show, dimmed.
        script("window.pbsTest.failProbes = true; refreshLive()");
        WebElement status = wait.until(ignored -> {
            WebElement found = driver.findElement(By.id("liveStatus"));
            return found.getAttribute("class").contains("error") ? found : null;
        });
        assertThat(status.getText())
                .startsWith("Could not refresh the probe's status at ")
                .contains("HTTP 503 from /probes: canned outage")
                .endsWith("trying again in 10 s.");
        assertThat(driver.findElement(By.id("live")).getAttribute("class")).contains("outdated");
        assertThat(text("liveState")).isEqualTo("running");
        script("window.pbsTest.failProbes = false; refreshLive()");
        wait.until(ignored ->
                !driver.findElement(By.id("liveStatus")).getAttribute("class").contains("error"));

        browser.resizeViewport(420, 900);
        wait.until(ignored -> chartWidth("#observationChart") <= 420);
        browser.waitForPixels("#observationChart canvas", List.of(RED, BLUE), 200);
        browser.assertNoHorizontalOverflow();
        browser.saveFullPage("live-observation-420x900-full");
        browser.assertNoConsoleErrors();
    }

    private String page(String query) {
        return SESSION.service().url("/" + query);
    }

    private String api(String path) {
        return SESSION.service().url("/api" + path);
    }

    private JsonNode probes() {
        return SESSION.service().client().target(api("/v1/probes")).request().get(JsonNode.class);
    }

    /** Waits for the section to show the state, asking again at once while it shows another (a retry's "connecting"). */
    private void waitForLiveState(String state) {
        wait.until(ignored -> {
            WebElement shown = driver.findElement(By.id("liveState"));
            if (shown.isDisplayed() && state.equals(shown.getText())) {
                return true;
            }
            script("if (typeof refreshLive === 'function' && !document.getElementById('live').hidden) refreshLive()");
            return false;
        });
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

    /** A time as the page writes it, in the browser's time zone. */
    private String clock(long epochSeconds) {
        return (String) script("return new Date(arguments[0] * 1000).toLocaleTimeString('en-GB')", epochSeconds);
    }

    private String text(String id) {
        return driver.findElement(By.id(id)).getText();
    }

    private Object script(String script, Object... arguments) {
        return browser.script(script, arguments);
    }

    private long chartWidth(String chart) {
        return ((Number) script(
                        "return arguments[0].getBoundingClientRect().width",
                        driver.findElement(By.cssSelector(chart + " .uplot"))))
                .longValue();
    }
}
