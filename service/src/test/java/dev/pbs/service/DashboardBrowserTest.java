package dev.pbs.service;

import static dev.pbs.service.HeadlessChromium.BLUE;
import static dev.pbs.service.HeadlessChromium.RED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The dashboard in headless Chromium against the whole application: charts really drawn (canvas pixels of
 * each series' colour), the table of every (R, W), the SLA form's recommendation and error (with the read
 * path's options: speculative retry settings searched, the snitch, read repair, and their figures), the layout at
 * 1280x800 and at 420x900, and a console free of errors; for {@code ec2-three-regions} (three named
 * datacenters, N = 9, so the service allows 16 replicas here) the heat map of windows between datacenters, a
 * clicked pair's curve, and the SLA form's recommendation in consistency levels. Screenshots go to
 * {@code target/screenshots/}.
 * Needs Debian's {@code chromium} and {@code chromium-driver}; without them it is skipped, or fails when
 * {@code PBS_REQUIRE_BROWSER=1} (as in CI). The live probe section has its own test,
 * {@link LiveProbeBrowserTest}.
 */
@Tag("end-to-end")
class DashboardBrowserTest {

    @RegisterExtension
    static final BrowserSession SESSION =
            new BrowserSession(TestService.standard().with("limits.maxReplicas", "16"));

    /** A heat map cell: the window in ms first. */
    private static final Pattern MILLIS = Pattern.compile("^(\\d+(?:\\.\\d+)?) ms");

    private static final List<String> REGIONS = List.of("us-east", "us-west", "eu-west");

    private HeadlessChromium browser;
    private ChromeDriver driver;
    private WebDriverWait wait;

    @BeforeEach
    void useThisTestsBrowser() {
        browser = SESSION.browser();
        driver = browser.driver;
        wait = browser.wait;
    }

    private String page(String query) {
        return SESSION.service().url("/" + query);
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
        assertThat(driver.getCurrentUrl())
                .contains("profile=lnkd-disk")
                .contains("n=3")
                .contains("show=1%2C1%3B2%2C1");

        // Both chosen curves are drawn in their colours; every (R, W) of N=3 is in the table.
        Map<String, List<Long>> visibility = waitForPixels("#visibility canvas", List.of(BLUE, RED), 500);
        assertThat(visibility.get("opaque"))
                .allSatisfy(count -> assertThat(count).isGreaterThan(500));
        assertTableHasEveryConfigurationOfThree();
        waitForPixels("#readLatency canvas", List.of(BLUE, RED), 200);
        waitForPixels("#writeLatency canvas", List.of(BLUE, RED), 200);
        Map<String, List<Long>> tradeoff = waitForPixels("#tradeoff", List.of(RED), 0);
        assertThat(tradeoff.get("opaque").get(0)).as("trade-off points").isGreaterThan(300);

        // On the log P(stale) axis the 95% bands are wide enough to see: filled in each curve's colour.
        new Select(driver.findElement(By.id("yAxis"))).selectByValue("stale");
        Map<String, List<Long>> stale = waitForPixels("#visibility canvas", List.of(BLUE, RED), 200);
        save("dashboard-stale-1280x800");
        assertThat(stale.get("translucent"))
                .as("band fill")
                .allSatisfy(count -> assertThat(count).isGreaterThan(1000));
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
        assertThat(driver.findElement(By.id("slaSubmit")).isEnabled())
                .as("button while loading")
                .isFalse();
        assertThat(driver.findElement(By.id("slaStatus")).getText()).startsWith("Simulating every (R, W) of N=3");
        assertThat(driver.findElement(By.id("sla")).getAttribute("aria-busy")).isEqualTo("true");
        WebElement best = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("slaBest")));
        assertThat(driver.findElement(By.id("slaSubmit")).isEnabled()).isTrue();
        JsonNode answer = recommendation("{\"profile\": \"lnkd-disk\", \"n\": 3, \"require\": "
                + "[\"window@0.999<=20ms\", \"write.p99.9<=15ms\"], \"objective\": \"sum\", \"levels\": \"numeric\", "
                + "\"trials\": 100000, \"seed\": 42}");
        JsonNode first = answer.get("feasible").get(0);
        assertThat(best.getText())
                .startsWith("Recommended: N=3, R=" + first.get("r").asInt() + ", W="
                        + first.get("w").asInt());
        assertThat(rows("#slaFeasible")).hasSize(answer.get("feasible").size());
        List<WebElement> rejected = rows("#slaRejected");
        assertThat(rejected).hasSize(answer.get("rejected").size()).isNotEmpty();
        for (WebElement row : rejected) {
            assertThat(row.findElements(By.tagName("td")).get(4).getText())
                    .as("why")
                    .matches(".*(window|write).*");
        }
        assertThat(driver.findElement(By.id("slaStatus")).getAttribute("class")).doesNotContain("error");

        assertNoHorizontalOverflow();
        save("dashboard-1280x800");
        saveFullPage("dashboard-1280x800-full");
        assertNoConsoleErrors();
    }

    @Test
    void dashboard_cassandrasReadPath_asksForSpeculativeRetryAndShowsTheReadsThatSpeculated() {
        driver.get(page("?profile=lnkd-disk&n=3&trials=100000"));
        waitForStatus("lnkd-disk, N=3, 100,000 trials");
        assertThat(driver.findElement(By.id("reads")).isDisplayed()).isTrue();
        new Select(driver.findElement(By.id("reads"))).selectByValue("99p");
        driver.findElement(By.id("predict")).click();
        wait.until(ignored -> driver.findElement(By.id("status")).getText().contains("speculative retry 99p"));
        assertThat(driver.getCurrentUrl()).contains("reads=99p");
        assertThat(driver.findElement(By.cssSelector("#table thead")).getText()).contains("reads that speculated");
        List<List<String>> cells = cellTexts("#table");
        assertThat(cells).hasSize(9);
        for (List<String> row : cells) {
            double percent = Double.parseDouble(row.get(row.size() - 1).replace("%", ""));
            if (row.get(0).startsWith("R=3")) {
                assertThat(percent).as(row.get(0)).isZero(); // no replica left to ask
            } else {
                assertThat(percent).as(row.get(0)).isBetween(0.5, 2.0); // about the slowest 1%
            }
        }
        // Back to the default, as measured (lnkd-disk has no read path: all N asked): the column goes,
        // and the address forgets the read path.
        new Select(driver.findElement(By.id("reads"))).selectByValue("profile");
        driver.findElement(By.id("predict")).click();
        wait.until(ignored ->
                !driver.findElement(By.cssSelector("#table thead")).getText().contains("reads that speculated"));
        assertThat(driver.getCurrentUrl()).doesNotContain("reads=");
        assertNoConsoleErrors();
    }

    @Test
    void dashboard_resizedTo420x900_chartsFollowTheWidthAndNothingOverflows() throws IOException {
        driver.get(page("?profile=lnkd-disk&n=3&trials=100000&show=1%2C1%3B2%2C1"));
        waitForStatus("lnkd-disk, N=3");
        waitForPixels("#visibility canvas", List.of(BLUE, RED), 500);
        long wide = chartWidth("#visibility");
        assertThat(wide).isGreaterThan(1000);

        browser.resizeViewport(420, 900);
        wait.until(ignored -> chartWidth("#visibility") < 420);
        waitForPixels("#visibility canvas", List.of(BLUE, RED), 200);
        waitForPixels("#tradeoff", List.of(RED), 0);
        driver.findElement(By.id("slaSubmit")).click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("slaBest")));
        assertTableHasEveryConfigurationOfThree();

        assertNoHorizontalOverflow();
        // Wide tables scroll inside their box instead of widening the page.
        for (String table : List.of("#table", "#slaFeasible", "#slaRejected")) {
            Number boxRight = (Number) script(
                    "return arguments[0].parentElement.getBoundingClientRect().right",
                    driver.findElement(By.cssSelector(table)));
            assertThat(boxRight.doubleValue()).as(table).isLessThanOrEqualTo(viewportWidth());
        }
        Boolean scrolls = (Boolean) script(
                "const box = arguments[0].parentElement; " + "return box.scrollWidth > box.clientWidth",
                driver.findElement(By.cssSelector("#table")));
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

        WebElement status =
                wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#slaStatus.error")));
        assertThat(status.getText())
                .startsWith("The recommendation failed: HTTP 400 from /recommendations")
                .contains("window@2<=5ms")
                .contains("a probability must be in (0, 1)");
        assertThat(driver.findElement(By.id("slaResult")).isDisplayed()).isFalse();
        // The refused request is the only error the browser reports.
        assertThat(browser.severe())
                .isNotEmpty()
                .allSatisfy(entry -> assertThat(entry.getMessage())
                        .contains("/api/v1/recommendations")
                        .contains("400"));
    }

    @Test
    void slaForm_readPathOptions_searchSpeculativeRetryAndShowTheChosenSettingWithItsFractions() throws IOException {
        driver.get(page("?profile=lnkd-disk&n=3&trials=10000"));
        waitForStatus("lnkd-disk, N=3");
        // Three speculative retry settings to search, the dynamic snitch, blocking read repair, and bounds on the
        // reads that speculate and on those that repair 10 ms after commit. Reads are left at their default: the
        // speculative retry makes them targeted.
        type("slaSpeculativeRetry", "NONE, 99p, ALWAYS");
        new Select(driver.findElement(By.id("slaReplicaChoice"))).selectByValue("snitch");
        new Select(driver.findElement(By.id("slaReadRepair"))).selectByValue("blocking");
        type("slaSpeculation", "0.05");
        type("slaRepair", "0.5");
        // A window bound well above every candidate's (R = W = 1's is about 51 ms at 0.999), so that only the
        // bound on speculation rejects any, whatever the 10,000 trials' draws.
        type("slaWindowMs", "100");
        assertThat(driver.findElement(By.id("slaPreview")).getText())
                .isEqualTo("window@0.999<=100ms, speculation<=0.05, repair@10ms<=0.5");
        assertThat(driver.findElement(By.id("slaReadPreview")).getText())
                .isEqualTo("read_fanout: \"targeted\", speculative_retry: \"NONE, 99p, ALWAYS\", "
                        + "replica_choice: \"snitch\", read_repair: \"blocking\"");
        script("window.sent = []; const send = window.fetch; window.fetch = (url, init) => { "
                + "if (init && init.body) { window.sent.push(init.body); } return send(url, init); };");
        driver.findElement(By.id("slaSubmit")).click();

        // The page sent the read fields, and shows what the service answers to them.
        String question = "{\"profile\": \"lnkd-disk\", \"n\": 3, \"require\": [\"window@0.999<=100ms\", "
                + "\"speculation<=0.05\", \"repair@10ms<=0.5\"], \"objective\": \"sum\", \"levels\": \"numeric\", "
                + "\"trials\": 10000, \"seed\": 42, \"read_fanout\": \"targeted\", "
                + "\"speculative_retry\": \"NONE, 99p, ALWAYS\", \"replica_choice\": \"snitch\", "
                + "\"read_repair\": \"blocking\"}";
        JsonNode answer = recommendation(question);
        waitForSlaStatus("lnkd-disk, " + answer.get("feasible").size() + " feasible, "
                + answer.get("rejected").size() + " rejected, 10,000 trials, seed 42. Reads: R replicas asked, "
                + "speculative retry NONE, 99p, ALWAYS (each tried), the dynamic snitch's replicas (badness threshold "
                + "1), blocking read repair.");
        @SuppressWarnings("unchecked")
        List<String> sent = (List<String>) script("return window.sent");
        ObjectMapper json = new ObjectMapper();
        assertThat(sent).hasSize(1);
        assertThat(json.readTree(sent.get(0))).isEqualTo(json.readTree(question));

        // The recommendation names its speculative retry setting and the reads that speculated and repaired.
        JsonNode first = answer.get("feasible").get(0);
        assertThat(first.path("speculative_retry").asText()).isEqualTo("99p");
        double speculated = first.get("metrics").get("p_speculated").asDouble();
        assertThat(speculated).as("the service's figure").isBetween(0.005, 0.05);
        String best = driver.findElement(By.id("slaBest")).getText();
        assertThat(best)
                .startsWith("Recommended: N=3, R=" + first.get("r").asInt() + ", W="
                        + first.get("w").asInt() + " with speculative retry 99p (partial quorum): read p99.9 ");
        Matcher shown =
                Pattern.compile("reads that speculated (\\d+\\.\\d\\d)%").matcher(best);
        assertThat(shown.find()).as(best).isTrue();
        assertThat(Double.parseDouble(shown.group(1))).isCloseTo(100 * speculated, within(0.0051));
        assertThat(best).contains(", reads that block on read repair ").contains("% at 10 ms");

        // Every candidate is an (N, R, W, setting): its setting, the reads that speculated and that repair at 0 and
        // 10 ms in columns of their own.
        assertThat(driver.findElements(By.cssSelector("#slaFeasible thead th")))
                .extracting(WebElement::getText)
                .containsExactly(
                        "rank",
                        "N",
                        "R",
                        "W",
                        "speculative retry",
                        "quorum",
                        "score (ms)",
                        "read p99.9 (ms)",
                        "write p99.9 (ms)",
                        "window@0.999 (ms)",
                        "reads that speculated",
                        "reads that repair at 0 ms",
                        "reads that repair at 10 ms",
                        "Pareto frontier");
        List<List<String>> feasible = cellTexts("#slaFeasible");
        assertThat(feasible).hasSize(answer.get("feasible").size());
        for (int rank = 0; rank < feasible.size(); rank++) {
            JsonNode candidate = answer.get("feasible").get(rank);
            List<String> row = feasible.get(rank);
            assertThat(row.subList(0, 5))
                    .containsExactly(
                            String.valueOf(rank + 1),
                            candidate.get("n").asText(),
                            candidate.get("r").asText(),
                            candidate.get("w").asText(),
                            candidate.get("speculative_retry").asText());
            assertThat(Double.parseDouble(row.get(10).replace("%", "")))
                    .as("speculated, rank %d", rank + 1)
                    .isCloseTo(
                            100 * candidate.get("metrics").get("p_speculated").asDouble(), within(0.0051));
            assertThat(Double.parseDouble(row.get(12).replace("%", "")))
                    .as("repair at 10 ms, rank %d", rank + 1)
                    .isCloseTo(
                            100
                                    * candidate
                                            .get("metrics")
                                            .get("read_repair")
                                            .get(1)
                                            .get("p_repair")
                                            .asDouble(),
                            within(0.0051));
        }
        // ALWAYS asks an extra replica on every read R < N leaves one for: rejected by speculation<=0.05.
        List<List<String>> rejected = cellTexts("#slaRejected");
        assertThat(rejected).hasSize(answer.get("rejected").size()).isNotEmpty();
        for (List<String> row : rejected) {
            assertThat(row.get(3)).isEqualTo("ALWAYS");
            assertThat(row.get(5)).as("why").contains("speculation=1 > 0.05");
        }
        assertNoHorizontalOverflow();
        saveFullPage("dashboard-sla-read-path-1280x800-full");
        assertNoConsoleErrors();
    }

    @Test
    void slaForm_readPathOptionsTheServiceRefuses_showTheServicesMessageInsteadOfAResult() {
        driver.get(page("?profile=lnkd-disk&n=3&trials=10000"));
        waitForStatus("lnkd-disk, N=3");
        // A recommendation on show first: a refused question must not leave it there.
        driver.findElement(By.id("slaSubmit")).click();
        waitForSlaStatus("lnkd-disk, ");
        assertThat(driver.findElement(By.id("slaResult")).isDisplayed()).isTrue();

        type("slaSpeculativeRetry", "NONE, abc");
        driver.findElement(By.id("slaSubmit")).click();
        WebElement status =
                wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#slaStatus.error")));
        assertThat(status.getText())
                .startsWith("The recommendation failed: HTTP 400 from /recommendations: ")
                .contains("'speculative_retry' is not understood")
                .contains("'abc'")
                .contains("99p");
        assertThat(driver.findElement(By.id("slaResult")).isDisplayed()).isFalse();

        // A speculation bound that is not a fraction of reads, then a snitch threshold that is not a number.
        type("slaSpeculativeRetry", "99p");
        type("slaSpeculation", "2");
        driver.findElement(By.id("slaSubmit")).click();
        wait.until(ignored -> driver.findElement(By.id("slaStatus")).getText().contains("speculation<=2"));
        assertThat(driver.findElement(By.id("slaStatus")).getText())
                .startsWith("The recommendation failed: HTTP 400 from /recommendations: ")
                .contains("a fraction of reads must be in [0, 1]");
        type("slaSpeculation", "");
        new Select(driver.findElement(By.id("slaReplicaChoice"))).selectByValue("snitch");
        type("slaSnitchBadness", "high");
        driver.findElement(By.id("slaSubmit")).click();
        wait.until(ignored -> driver.findElement(By.id("slaStatus")).getText().contains("snitch_badness_threshold"));
        assertThat(driver.findElement(By.id("slaStatus")).getText())
                .startsWith("The recommendation failed: HTTP 400 from /recommendations: ")
                .contains("must be a finite number, was \"high\"");
        assertThat(driver.findElement(By.id("slaStatus")).getAttribute("class")).contains("error");
        assertThat(driver.findElement(By.id("slaResult")).isDisplayed()).isFalse();
        // The refused requests are the only errors the browser reports.
        assertThat(browser.severe())
                .isNotEmpty()
                .allSatisfy(entry -> assertThat(entry.getMessage())
                        .contains("/api/v1/recommendations")
                        .contains("400"));
    }

    @Test
    void dashboard_ec2ThreeRegions_heatMapOfWindowsBetweenDatacentersAndTheCurveOfAClickedCell() throws IOException {
        // Start on an (R, W) profile, then choose the three-region one as a user would: levels replace N.
        driver.get(page("?profile=lnkd-disk&n=3&trials=100000"));
        waitForStatus("lnkd-disk, N=3");
        new Select(driver.findElement(By.id("profile"))).selectByValue("ec2-three-regions");
        Select writeLevel = new Select(wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("writeLevel"))));
        Select readLevel = new Select(driver.findElement(By.id("readLevel")));
        assertThat(driver.findElement(By.id("n")).isDisplayed())
                .as("N, the topology's")
                .isFalse();
        assertThat(writeLevel.getFirstSelectedOption().getText()).isEqualTo("LOCAL_QUORUM");
        assertThat(readLevel.getFirstSelectedOption().getText()).isEqualTo("LOCAL_QUORUM");
        assertThat(readLevel.getOptions())
                .extracting(WebElement::getText)
                .containsExactly("ONE", "TWO", "THREE", "QUORUM", "ALL", "LOCAL_ONE", "LOCAL_QUORUM", "EACH_QUORUM");
        driver.findElement(By.id("predict")).click();
        waitForStatus("ec2-three-regions, N=9 in us-east, us-west, eu-west: writes at LOCAL_QUORUM, reads at "
                + "LOCAL_QUORUM, 100,000 trials");

        // 3 x 3 cells, each the window at 0.999 in ms as the service computes it; the diagonal strict.
        assertThat(driver.findElements(By.cssSelector("#heatMap thead th")))
                .extracting(WebElement::getText)
                .containsExactly("write ↓ read →", "us-east", "us-west", "eu-west");
        JsonNode answer = prediction("{\"profile\": \"ec2-three-regions\", \"write_level\": \"LOCAL_QUORUM\", "
                + "\"read_level\": \"LOCAL_QUORUM\", \"dc_matrix\": true, \"windows\": [0.999], "
                + "\"trials\": 100000, \"seed\": 42}");
        List<WebElement> rows = rows("#heatMap");
        assertThat(rows).hasSize(3);
        double shortest = Double.MAX_VALUE;
        double longest = 0;
        WebElement shortestCell = null;
        WebElement longestCell = null;
        for (int write = 0; write < 3; write++) {
            WebElement row = rows.get(write);
            assertThat(row.findElement(By.tagName("th")).getText()).isEqualTo(REGIONS.get(write));
            List<WebElement> cells = row.findElements(By.tagName("td"));
            assertThat(cells).hasSize(3);
            for (int read = 0; read < 3; read++) {
                WebElement cell = cells.get(read);
                String text = cell.getText();
                String pair = REGIONS.get(write) + " to " + REGIONS.get(read);
                Matcher figure = MILLIS.matcher(text);
                assertThat(figure.find()).as("%s: '%s' in ms", pair, text).isTrue();
                double shown = Double.parseDouble(figure.group(1));
                JsonNode config = answer.get("configs").get(3 * write + read);
                assertThat(config.get("write_dc").asText() + " to "
                                + config.get("read_dc").asText())
                        .isEqualTo(pair);
                double window = config.get("windows_ms").get(0).get("t_ms").asDouble();
                if (write == read) {
                    assertThat(config.get("strict").asBoolean()).as(pair).isTrue();
                    assertThat(text).as(pair).isEqualTo("0 ms strict");
                    assertThat(cell.getAttribute("class")).as(pair).isEqualTo("strict");
                } else {
                    assertThat(text).as(pair).doesNotContain("strict");
                    // Every message between regions takes at least 40 ms one way.
                    assertThat(shown).as(pair).isGreaterThanOrEqualTo(40).isCloseTo(window, withinPercentage(1));
                    if (shown < shortest) {
                        shortest = shown;
                        shortestCell = cell;
                    }
                    if (shown > longest) {
                        longest = shown;
                        longestCell = cell;
                    }
                }
            }
        }
        // The shade repeats the figure: the longest window's cell is darker than the shortest's.
        assertThat(brightness(longestCell)).isLessThan(brightness(shortestCell) - 100);
        // The (R, W) charts are not shown; the table lists the 9 pairs.
        for (String rw : List.of("#chosen", "#readLatency", "#tradeoff")) {
            assertThat(driver.findElement(By.cssSelector(rw)).isDisplayed())
                    .as(rw)
                    .isFalse();
        }
        assertThat(rows("#table"))
                .extracting(row -> row.findElement(By.tagName("td")).getText())
                .startsWith("write us-east → read us-east strict", "write us-east → read us-west")
                .hasSize(9);

        // The first pair between regions is drawn; clicking a cell draws that pair's curve instead.
        waitForPixels("#visibility canvas", List.of(BLUE), 500);
        assertThat(legend()).contains("write us-east → read us-west");
        String before = canvasImage("#visibility canvas");
        WebElement clicked = rows.get(1).findElements(By.tagName("td")).get(2).findElement(By.tagName("button"));
        clicked.click();
        wait.until(ignored -> legend().contains("write us-west → read eu-west"));
        assertThat(legend()).doesNotContain("write us-east → read us-west");
        assertThat(clicked.getAttribute("aria-pressed")).isEqualTo("true");
        assertThat(new Select(driver.findElement(By.id("pairWrite")))
                        .getFirstSelectedOption()
                        .getText())
                .isEqualTo("us-west");
        assertThat(new Select(driver.findElement(By.id("pairRead")))
                        .getFirstSelectedOption()
                        .getText())
                .isEqualTo("eu-west");
        waitForPixels("#visibility canvas", List.of(BLUE), 500);
        assertThat(canvasImage("#visibility canvas")).as("the chart redrawn").isNotEqualTo(before);
        assertThat(driver.getCurrentUrl())
                .contains("profile=ec2-three-regions")
                .contains("wl=LOCAL_QUORUM")
                .contains("rl=LOCAL_QUORUM")
                .contains("pair=us-west%3Eeu-west");
        assertNoHorizontalOverflow();
        save("dashboard-levels-1280x800");
        saveFullPage("dashboard-levels-1280x800-full");

        // At 420 pixels the heat map stays inside the page, the chart follows.
        browser.resizeViewport(420, 900);
        wait.until(ignored -> chartWidth("#visibility") < 420);
        assertNoHorizontalOverflow();
        Number heatMapRight = (Number) script(
                "return arguments[0].parentElement.getBoundingClientRect().right",
                driver.findElement(By.id("heatMap")));
        assertThat(heatMapRight.doubleValue()).isLessThanOrEqualTo(viewportWidth());
        saveFullPage("dashboard-levels-420x900-full");
        assertNoConsoleErrors();
    }

    @Test
    void slaForm_ec2ThreeRegions_recommendsALevelPairThenNRWAgainForASingleDatacenterProfile() throws IOException {
        driver.get(page("?profile=lnkd-disk&n=3&trials=10000"));
        waitForStatus("lnkd-disk, N=3");
        new Select(driver.findElement(By.id("profile"))).selectByValue("ec2-three-regions");

        // The form turns to levels: N and the (R, W) levels give way to the levels and datacenters to try.
        Select writeDatacenter =
                new Select(wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("slaWriteDatacenter"))));
        assertThat(driver.findElement(By.id("slaN")).isDisplayed()).as("N").isFalse();
        assertThat(driver.findElement(By.id("slaLevels")).isDisplayed())
                .as("(R, W) levels")
                .isFalse();
        assertThat(driver.findElement(By.id("slaTitle")).getText()).contains("consistency levels");
        assertThat(writeDatacenter.getOptions()).extracting(WebElement::getText).containsExactlyElementsOf(REGIONS);
        assertThat(writeDatacenter.getFirstSelectedOption().getText()).isEqualTo("us-east");
        assertThat(new Select(driver.findElement(By.id("slaWriteLevel")))
                        .getFirstSelectedOption()
                        .getText())
                .isEqualTo("every level");
        assertThat(driver.findElements(By.cssSelector("#slaReadDatacenters input:checked")))
                .extracting(box -> box.getAttribute("value"))
                .containsExactlyElementsOf(REGIONS);

        // Every pair, reads from every region, within 100 ms at 0.999 (answers held back to see the loading state).
        type("slaWindowMs", "100");
        script("const answer = window.fetch; window.unheldFetch = answer; window.fetch = (...request) => "
                + "new Promise((resolve) => setTimeout(resolve, 1000)).then(() => answer(...request));");
        driver.findElement(By.id("slaSubmit")).click();
        assertThat(driver.findElement(By.id("slaSubmit")).isEnabled())
                .as("button while loading")
                .isFalse();
        assertThat(driver.findElement(By.id("slaStatus")).getText())
                .isEqualTo("Simulating every (write level, read level) pair for ec2-three-regions, writes "
                        + "coordinated in us-east, reads from us-east, us-west, eu-west, 10,000 trials…");
        JsonNode answer = recommendation("{\"profile\": \"ec2-three-regions\", \"require\": "
                + "[\"window@0.999<=100ms\"], \"objective\": \"sum\", \"write_dc\": \"us-east\", "
                + "\"read_dc\": [\"us-east\", \"us-west\", \"eu-west\"], \"trials\": 10000, \"seed\": 42}");
        JsonNode first = answer.get("feasible").get(0);
        WebElement status = waitForSlaStatus("ec2-three-regions, N=9 in us-east, us-west, eu-west: writes "
                + "coordinated in us-east, requirements checked for reads from us-east, us-west, eu-west; "
                + answer.get("feasible").size() + " feasible, "
                + answer.get("rejected").size() + " rejected pairs, "
                + "10,000 trials, seed 42.");
        script("window.fetch = window.unheldFetch");
        assertThat(status.getAttribute("class")).doesNotContain("error");
        assertThat(driver.findElement(By.id("slaBest")).getText())
                .startsWith("Recommended: writes at " + first.get("write_level").asText() + ", reads at "
                        + first.get("read_level").asText() + " (writes coordinated in us-east");
        assertThat(driver.findElements(By.cssSelector("#slaFeasible thead th")))
                .extracting(WebElement::getText)
                .startsWith("rank", "write level", "read level", "write DC", "acks (W)");
        List<List<String>> feasible = cellTexts("#slaFeasible");
        assertThat(feasible).hasSize(answer.get("feasible").size());
        for (int rank = 0; rank < feasible.size(); rank++) {
            JsonNode pair = answer.get("feasible").get(rank);
            assertThat(feasible.get(rank))
                    .startsWith(
                            String.valueOf(rank + 1),
                            pair.get("write_level").asText(),
                            pair.get("read_level").asText(),
                            "us-east",
                            pair.get("w").asText());
        }
        // Reads from us-west, about 40 ms from us-east, are what the slowest pairs fail.
        List<List<String>> rejected = cellTexts("#slaRejected");
        assertThat(rejected).hasSize(answer.get("rejected").size()).isNotEmpty();
        for (List<String> row : rejected) {
            assertThat(row.get(4)).as("why").matches("reads from .*us-west.*: window@0\\.999=[0-9.]+ms > 100ms.*");
        }
        assertNoHorizontalOverflow();
        saveFullPage("dashboard-sla-levels-1280x800-full");

        // Named levels and one read datacenter are sent as such: only LOCAL_QUORUM writes, reads from us-east.
        new Select(driver.findElement(By.id("slaWriteLevel"))).selectByValue("LOCAL_QUORUM");
        driver.findElement(By.cssSelector("#slaReadDatacenters input[value='us-west']"))
                .click();
        driver.findElement(By.cssSelector("#slaReadDatacenters input[value='eu-west']"))
                .click();
        driver.findElement(By.id("slaSubmit")).click();
        waitForSlaStatus("ec2-three-regions, N=9 in us-east, us-west, eu-west: writes coordinated in us-east, "
                + "requirements checked for reads from us-east; ");
        JsonNode narrowed = recommendation("{\"profile\": \"ec2-three-regions\", \"require\": "
                + "[\"window@0.999<=100ms\"], \"objective\": \"sum\", \"write_dc\": \"us-east\", "
                + "\"read_dc\": [\"us-east\"], \"write_level\": \"LOCAL_QUORUM\", \"trials\": 10000, "
                + "\"seed\": 42}");
        assertThat(cellTexts("#slaFeasible"))
                .hasSize(narrowed.get("feasible").size())
                .extracting(row -> row.get(1))
                .isNotEmpty()
                .containsOnly("LOCAL_QUORUM");

        // No read datacenter: the page says what is missing instead of asking.
        driver.findElement(By.cssSelector("#slaReadDatacenters input[value='us-east']"))
                .click();
        driver.findElement(By.id("slaSubmit")).click();
        assertThat(wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#slaStatus.error")))
                        .getText())
                .isEqualTo("The recommendation failed: choose at least one datacenter to read from: each "
                        + "requirement must hold for reads there");

        // Back to a single-datacenter profile: N, R and W again, and the form works as before.
        new Select(driver.findElement(By.id("profile"))).selectByValue("lnkd-disk");
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("slaN")));
        assertThat(driver.findElement(By.id("slaWriteDatacenter")).isDisplayed())
                .isFalse();
        assertThat(driver.findElement(By.id("slaTitle")).getText()).contains("N, R and W");
        driver.findElement(By.id("slaSubmit")).click();
        // The status while it runs, unless the answer (10,000 trials, quick) has already replaced it.
        assertThat(driver.findElement(By.id("slaStatus")).getText())
                .satisfiesAnyOf(
                        running -> assertThat(running).startsWith("Simulating every (R, W) of N=3 for lnkd-disk"),
                        answered -> assertThat(answered).startsWith("lnkd-disk, "));
        waitForSlaStatus("lnkd-disk, ");
        assertThat(driver.findElement(By.id("slaBest")).getText()).startsWith("Recommended: N=3, R=");
        assertThat(driver.findElements(By.cssSelector("#slaFeasible thead th")))
                .extracting(WebElement::getText)
                .startsWith("rank", "N", "R", "W");
        assertNoConsoleErrors();
    }

    @Test
    void levels_requestTheServiceRefuses_showsTheServicesMessage() {
        // The test service allows 200,000 trials; the page asks for 1,000,000.
        driver.get(page("?profile=ec2-three-regions&trials=1000000"));

        WebElement status = wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#status.error")));
        assertThat(status.getText())
                .startsWith("The prediction failed: HTTP 400 from /predictions: ")
                .contains("'trials' must be between 1 and 200000, was 1000000");
        assertThat(driver.findElement(By.id("writeLevel")).isDisplayed()).isTrue();
        assertThat(browser.severe())
                .isNotEmpty()
                .allSatisfy(entry -> assertThat(entry.getMessage())
                        .contains("/api/v1/predictions")
                        .contains("400"));
    }

    private String legend() {
        return (String) script("return document.querySelector('#visibility .u-legend').textContent");
    }

    private String canvasImage(String canvas) {
        return (String) script("return arguments[0].toDataURL()", driver.findElement(By.cssSelector(canvas)));
    }

    /** The sum of the red, green and blue of an element's background. */
    private int brightness(WebElement element) {
        Matcher rgb = Pattern.compile("(\\d+), (\\d+), (\\d+)").matcher(element.getCssValue("background-color"));
        assertThat(rgb.find()).isTrue();
        return Integer.parseInt(rgb.group(1)) + Integer.parseInt(rgb.group(2)) + Integer.parseInt(rgb.group(3));
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

    /** Waits for the SLA form's status to start with the text, failing at once on an error. */
    private WebElement waitForSlaStatus(String text) {
        return wait.until(ignored -> {
            WebElement status = driver.findElement(By.id("slaStatus"));
            if (status.getAttribute("class").contains("error")) {
                fail("the SLA form reports: " + status.getText());
            }
            return status.getText().startsWith(text) ? status : null;
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

    /** The text of every cell of a table's body, row by row, in one call to the browser. */
    @SuppressWarnings("unchecked")
    private List<List<String>> cellTexts(String table) {
        return (List<List<String>>) script(
                "return [...document.querySelectorAll(arguments[0] + ' tbody tr')]"
                        + ".map((row) => [...row.cells].map((cell) => cell.textContent))",
                table);
    }

    private void type(String id, String text) {
        WebElement field = driver.findElement(By.id(id));
        field.clear();
        field.sendKeys(text);
    }

    private JsonNode recommendation(String body) {
        Response response = SESSION.service()
                .client()
                .target(SESSION.service().api("/recommendations"))
                .request()
                .post(Entity.json(body));
        assertThat(response.getStatus()).isEqualTo(200);
        return response.readEntity(JsonNode.class);
    }

    private JsonNode prediction(String body) {
        Response response = SESSION.service()
                .client()
                .target(SESSION.service().api("/predictions"))
                .request()
                .post(Entity.json(body));
        assertThat(response.getStatus()).isEqualTo(200);
        return response.readEntity(JsonNode.class);
    }

    private Object script(String script, Object... arguments) {
        return browser.script(script, arguments);
    }

    private long viewportWidth() {
        return browser.viewportWidth();
    }

    private long chartWidth(String chart) {
        return ((Number) script(
                        "return arguments[0].getBoundingClientRect().width",
                        driver.findElement(By.cssSelector(chart + " .uplot"))))
                .longValue();
    }

    private long containerWidth(String chart) {
        return ((Number) script("return arguments[0].clientWidth", driver.findElement(By.cssSelector(chart))))
                .longValue();
    }

    private Map<String, List<Long>> waitForPixels(String canvas, List<List<Integer>> colors, long atLeast) {
        return browser.waitForPixels(canvas, colors, atLeast);
    }

    private void assertNoHorizontalOverflow() {
        browser.assertNoHorizontalOverflow();
    }

    private void assertNoConsoleErrors() {
        browser.assertNoConsoleErrors();
    }

    private void save(String name) throws IOException {
        browser.save(name);
    }

    private void saveFullPage(String name) throws IOException {
        browser.saveFullPage(name);
    }
}
