package dev.pbs.service;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * For browser tests: the service (a {@link TestService}), started once per test class, and a
 * tab of the JVM's headless Chromium per test ({@link HeadlessChromium#forNextTest()}). Register it
 * as a static field with {@code @RegisterExtension}.
 * Without Chromium every test is skipped, naming what to install (or fails, when
 * {@code PBS_REQUIRE_BROWSER=1}).
 */
final class BrowserSession implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback {

    private final TestService service;
    private HeadlessChromium browser;

    /** For the browser to be pointed at the service, which this session starts and stops. */
    BrowserSession(TestService service) {
        this.service = service;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        if (!HeadlessChromium.installedOrFail()) {
            return; // each test is skipped, naming what to install
        }
        service.beforeAll(context);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        service.afterAll(context);
    }

    @Override
    public void beforeEach(ExtensionContext context) throws Exception {
        assumeTrue(HeadlessChromium.INSTALLED, HeadlessChromium.MISSING);
        browser = HeadlessChromium.forNextTest();
    }

    /** The service the browser is pointed at. */
    TestService service() {
        return service;
    }

    /** This test's browser. */
    HeadlessChromium browser() {
        return browser;
    }
}
