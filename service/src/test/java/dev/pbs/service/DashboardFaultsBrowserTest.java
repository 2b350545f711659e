package dev.pbs.service;

import static dev.pbs.service.HeadlessChromium.BLUE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.formats.json.JsonMapping;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.util.List;
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
 * The dashboard's faulty replicas in headless Chromium against the whole application: a pause set in the form is
 * sent as the fault fields and the fault effects of every (R, W) appear in the table as the service computes them;
 * an outage with a recovery, given in the URL, shows the recovery curve, at 1280 and at 420 pixels wide; a fault the
 * service refuses shows its message. Needs Debian's {@code chromium} and {@code chromium-driver}, as {@link DashboardBrowserTest} does.
 */
@Tag("end-to-end")
class DashboardFaultsBrowserTest {

    @RegisterExtension
    static final BrowserSession SESSION = new BrowserSession(TestService.standard());

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
    void dashboard_pauseOfReplicaThree_sendsTheFaultFieldsAndShowsTheFaultEffects() throws IOException {
        driver.get(page("?profile=lnkd-disk&n=3&trials=10000"));
        waitForStatus("lnkd-disk, N=3, 10,000 trials");
        assertThat(tableHeads()).doesNotContain("reads that waited for a pause");
        assertThat(driver.findElement(By.id("faultsNote")).isDisplayed()).isFalse();
        assertThat(driver.findElement(By.id("faultPauseEvery")).isDisplayed())
                .as("folded")
                .isFalse();

        driver.findElement(By.cssSelector("#faultsField summary")).click();
        type("faultPauseEvery", "2000");
        type("faultPauseFor", "200");
        type("faultReplicas", "3");
        script("window.sent = []; const send = window.fetch; window.fetch = (url, init) => { "
                + "if (init && init.body) { window.sent.push(init.body); } return send(url, init); };");
        driver.findElement(By.id("predict")).click();
        waitForStatus("lnkd-disk, N=3, 10,000 trials, seed 42. Reads to R replicas. Faulty replicas: pauses of ");

        // The fields sent under their JSON names; Reads as measured becomes R asked, which faults need.
        @SuppressWarnings("unchecked")
        List<String> sent = (List<String>) script("return window.sent");
        assertThat(sent).hasSize(1);
        JsonNode question = JsonMapping.readTree(sent.get(0));
        assertThat(question.get("pause_every_ms").asDouble()).isEqualTo(2000);
        assertThat(question.get("pause_for_ms").asDouble()).isEqualTo(200);
        assertThat(question.get("faulty_replicas").toString()).isEqualTo("[3]");
        assertThat(question.get("read_fanout").asText()).isEqualTo("targeted");
        assertThat(question.has("pause_timing")).as("regular, the default").isFalse();
        assertThat(question.has("recovery_outage_ms")).isFalse();
        assertThat(driver.getCurrentUrl())
                .contains("pause_every_ms=2000")
                .contains("pause_for_ms=200")
                .contains("faulty_replicas=3");

        // Each configuration's fault effects, as the service answers the same question.
        JsonNode answer = prediction(sent.get(0));
        assertThat(tableHeads())
                .endsWith("write p99.9", "writes unavailable", "reads unavailable", "reads that waited for a pause");
        List<List<String>> rows = cellTexts("#table");
        assertThat(rows).hasSize(9);
        for (int index = 0; index < rows.size(); index++) {
            List<String> row = rows.get(index);
            JsonNode effects = answer.get("configs").get(index).get("fault_effects");
            int last = row.size() - 1;
            assertThat(row.get(last - 2)).as(row.get(0)).isEqualTo("0.00%");
            assertThat(row.get(last - 1)).as(row.get(0)).isEqualTo("0.00%");
            double waited = effects.get("p_read_waited_for_pause").get("p").asDouble();
            assertThat(percent(row.get(last))).as(row.get(0)).isCloseTo(100 * waited, within(0.0051));
            // Replica 3 is paused a tenth of the time: R = 3 always asks it; R = 1 one read in three.
            assertThat(waited).as(row.get(0)).isBetween(0.02, 0.12);
        }
        assertThat(driver.findElement(By.id("faultsNote")).getText())
                .startsWith("Faulty replicas: " + answer.get("faults").asText() + ".");
        assertThat(driver.findElement(By.id("recoverySection")).isDisplayed()).isFalse();
        browser.waitForPixels("#visibility canvas", List.of(BLUE), 200);

        // Emptied, the fields send nothing: healthy replicas and all N asked again.
        for (String id : List.of("faultPauseEvery", "faultPauseFor", "faultReplicas")) {
            type(id, "");
        }
        driver.findElement(By.id("predict")).click();
        wait.until(ignored -> !tableHeads().contains("reads that waited for a pause"));
        assertThat(driver.findElement(By.id("faultsNote")).isDisplayed()).isFalse();
        assertThat(driver.getCurrentUrl()).doesNotContain("pause_every_ms");
        browser.assertNoHorizontalOverflow();
        browser.assertNoConsoleErrors();
    }

    @Test
    void dashboard_outageWithRecoveryInTheUrl_showsTheRecoveryCurve() throws IOException {
        driver.get(page("?profile=lnkd-disk&n=3&trials=10000&outage_every_ms=3600000&outage_for_ms=20000"
                + "&hint_window_ms=10000&hint_replay_ms=5000&recovery_outage_ms=20000"));
        waitForStatus("lnkd-disk, N=3, 10,000 trials");

        assertThat(driver.findElement(By.id("faultOutageFor")).getAttribute("value"))
                .isEqualTo("20000");
        assertThat(driver.findElement(By.id("faultOutageFor")).isDisplayed())
                .as("unfolded")
                .isTrue();
        WebElement recovery = driver.findElement(By.id("recoverySection"));
        assertThat(recovery.isDisplayed()).isTrue();
        assertThat(driver.findElement(By.id("recoveryText")).getText())
                .isEqualTo("After an outage of 20,000 ms: 50.00% of its writes were hinted.");
        // Half the writes hinted (a 10 s window of a 20 s outage), each replayed 5 s after the return.
        assertThat(cellTexts("#recovery"))
                .containsExactly(
                        List.of("0", "0.0000"),
                        List.of("1,000", "0.0000"),
                        List.of("2,000", "0.0000"),
                        List.of("5,000", "0.5000"),
                        List.of("10,000", "0.5000"),
                        List.of("20,000", "0.5000"),
                        List.of("30,000", "0.5000"),
                        List.of("60,000", "0.5000"));
        assertThat(tableHeads()).contains("writes unavailable");
        browser.assertNoHorizontalOverflow();
        browser.saveFullPage("dashboard-faults-1280x800-full");

        // At 420 pixels the fault fields wrap, and the wider table scrolls in its box.
        browser.resizeViewport(420, 900);
        browser.assertNoHorizontalOverflow();
        browser.saveFullPage("dashboard-faults-420x900-full");
        browser.assertNoConsoleErrors();
    }

    @Test
    void dashboard_faultsTheServiceRefuses_showTheServicesMessage() {
        driver.get(page("?profile=lnkd-disk&n=3&trials=10000"));
        waitForStatus("lnkd-disk, N=3");
        driver.findElement(By.cssSelector("#faultsField summary")).click();

        type("faultPauseEvery", "200");
        type("faultPauseFor", "2000");
        driver.findElement(By.id("predict")).click();
        assertThat(errorStatus())
                .isEqualTo("The prediction failed: HTTP 400 from /predictions: 'pause_every_ms' is the time from "
                        + "the start of one pause to the start of the next, so it must be longer than "
                        + "'pause_for_ms' (2000 ms), was 200 ms");

        type("faultPauseEvery", "2s");
        driver.findElement(By.id("predict")).click();
        wait.until(ignored -> driver.findElement(By.id("status")).getText().contains("2s"));
        assertThat(errorStatus())
                .isEqualTo("The prediction failed: HTTP 400 from /predictions: 'pause_every_ms' must be a finite "
                        + "number, was \"2s\"");

        // Faults are simulated without speculative retry: chosen with them, the service says so.
        type("faultPauseEvery", "2000");
        type("faultPauseFor", "200");
        new Select(driver.findElement(By.id("reads"))).selectByValue("99p");
        driver.findElement(By.id("predict")).click();
        wait.until(ignored -> driver.findElement(By.id("status")).getText().contains("speculative_retry"));
        assertThat(errorStatus())
                .startsWith("The prediction failed: HTTP 400 from /predictions: 'speculative_retry' must be NONE");
        assertThat(browser.severe())
                .isNotEmpty()
                .allSatisfy(entry -> assertThat(entry.getMessage())
                        .contains("/api/v1/predictions")
                        .contains("400"));
    }

    private String errorStatus() {
        return wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#status.error")))
                .getText();
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

    /** The heads of the table of every configuration, in one call (the page may be redrawing it). */
    @SuppressWarnings("unchecked")
    private List<String> tableHeads() {
        return (List<String>)
                script("return [...document.querySelectorAll('#table thead th')].map((head) => head.textContent)");
    }

    /** The text of every cell of a table's body, row by row, in one call to the browser. */
    @SuppressWarnings("unchecked")
    private List<List<String>> cellTexts(String table) {
        return (List<List<String>>) script(
                "return [...document.querySelectorAll(arguments[0] + ' tbody tr')]"
                        + ".map((row) => [...row.cells].map((cell) => cell.textContent))",
                table);
    }

    private static double percent(String text) {
        assertThat(text).endsWith("%");
        return Double.parseDouble(text.substring(0, text.length() - 1));
    }

    private void type(String id, String text) {
        WebElement field = driver.findElement(By.id(id));
        field.clear();
        field.sendKeys(text);
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
}
