package dev.pbs.service;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * For browser tests: the service, started once per test class from a test configuration with a
 * fresh data folder, and a headless Chromium per test. Register it as a static field with
 * {@code @RegisterExtension}. Without Chromium every test is skipped, naming what to install (or
 * fails, when {@code PBS_REQUIRE_BROWSER=1}).
 */
final class BrowserSession implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback {

    private final String configuration;
    private final String dataFolderPrefix;
    private final List<ConfigOverride> overrides;
    private DataDirectory before = dataDirectory -> {};
    private DropwizardAppExtension<PbsConfiguration> app;
    private HeadlessChromium browser;

    /** The service from the test configuration, with the settings overrides changes (a fresh data folder too). */
    BrowserSession(String configuration, String dataFolderPrefix, ConfigOverride... overrides) {
        this.configuration = configuration;
        this.dataFolderPrefix = dataFolderPrefix;
        this.overrides = List.of(overrides);
    }

    /** What the service finds in its data folder when it starts. */
    @FunctionalInterface
    interface DataDirectory {
        void fill(Path dataDirectory) throws IOException;
    }

    /** Fills the fresh data folder before the service starts (history files, stored profiles). */
    BrowserSession withData(DataDirectory fill) {
        before = fill;
        return this;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        if (!HeadlessChromium.installedOrFail()) {
            return; // each test is skipped, naming what to install
        }
        Path dataDirectory = Files.createTempDirectory(dataFolderPrefix);
        before.fill(dataDirectory);
        List<ConfigOverride> settings = new ArrayList<>(overrides);
        settings.add(ConfigOverride.config("dataDirectory", dataDirectory.toString()));
        app = new DropwizardAppExtension<>(
                PbsApplication.class,
                ResourceHelpers.resourceFilePath(configuration),
                settings.toArray(ConfigOverride[]::new));
        app.before();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (app != null) {
            app.after();
        }
    }

    @Override
    public void beforeEach(ExtensionContext context) throws Exception {
        assumeTrue(HeadlessChromium.INSTALLED, HeadlessChromium.MISSING);
        browser = new HeadlessChromium();
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        if (browser != null) {
            browser.close();
            browser = null;
        }
    }

    DropwizardAppExtension<PbsConfiguration> app() {
        return app;
    }

    /** This test's browser. */
    HeadlessChromium browser() {
        return browser;
    }
}
