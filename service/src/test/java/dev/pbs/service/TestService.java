package dev.pbs.service;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import jakarta.ws.rs.client.Client;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The whole service for a test class: started once before the class's tests from a test
 * configuration in {@code src/test/resources} (random loopback ports), with a fresh data folder,
 * and stopped after them. Register it as a static field:
 *
 * <pre>{@code
 * @RegisterExtension
 * static final TestService SERVICE = TestService.from("test-pbs.yml").with("limits.maxReplicas", "16");
 * }</pre>
 */
public final class TestService implements BeforeAllCallback, AfterAllCallback {

    /** What the service finds in its data folder when it starts. */
    @FunctionalInterface
    public interface DataDirectory {
        void fill(Path dataDirectory) throws IOException;
    }

    private final String configuration;
    private final List<ConfigOverride> overrides = new ArrayList<>();
    private DataDirectory data = dataDirectory -> {};
    private DropwizardAppExtension<PbsConfiguration> app;

    private TestService(String configuration) {
        this.configuration = configuration;
    }

    /** The service of the test configuration {@code test-pbs.yml}. */
    public static TestService standard() {
        return from("test-pbs.yml");
    }

    /** The service of a configuration file in the test resources. */
    public static TestService from(String configuration) {
        return new TestService(configuration);
    }

    /** With one setting of the configuration changed, such as {@code limits.maxReplicas}. */
    public TestService with(String key, String value) {
        overrides.add(ConfigOverride.config(key, value));
        return this;
    }

    /** Fills the fresh data folder before the service starts (history files, stored profiles). */
    public TestService withData(DataDirectory fill) {
        data = fill;
        return this;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        Path dataDirectory = Files.createTempDirectory(
                "pbs-" + context.getRequiredTestClass().getSimpleName());
        data.fill(dataDirectory);
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
            app = null;
        }
    }

    /** The API's port. */
    public int port() {
        return app.getLocalPort();
    }

    /** The admin port (metrics, health checks). */
    public int adminPort() {
        return app.getAdminPort();
    }

    /** A JAX-RS client (it gives up after 5 s). */
    public Client client() {
        return app.client();
    }

    /** The service's own JSON mapper. */
    public ObjectMapper objectMapper() {
        return app.getObjectMapper();
    }

    /** A URL of the API's port: {@code url("/api/v1/profiles")}. */
    public String url(String path) {
        return "http://127.0.0.1:" + port() + path;
    }

    /** A URL of the API's version 1: {@code api("/profiles")}. */
    public String api(String path) {
        return url("/api/v1" + path);
    }

    /** A URL of the admin port: {@code admin("/metrics")}. */
    public String admin(String path) {
        return "http://127.0.0.1:" + adminPort() + path;
    }
}
