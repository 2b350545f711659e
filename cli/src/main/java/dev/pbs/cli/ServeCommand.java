package dev.pbs.cli;

import dev.pbs.service.PbsApplication;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code pbs serve [--config FILE]}: runs the REST service until it is stopped (Ctrl-C or
 * SIGTERM). Without --config, the commented default configuration in the jar, with environment
 * overrides PBS_HTTP_PORT, PBS_ADMIN_PORT, PBS_DATA_DIR, PBS_API_TOKEN and PBS_BIND_HOST. The
 * heap's bounds come from the launcher ({@code ./pbs}: -Xms64m -Xmx512m, PBS_JAVA_OPTIONS to change
 * them), not from here.
 */
@Command(
        name = "serve",
        mixinStandardHelpOptions = true,
        description = {
            "Runs the REST service (JSON under http://127.0.0.1:8080/api/v1, admin and health on "
                    + "port 8081) until stopped.",
            "Environment: PBS_HTTP_PORT (8080), PBS_ADMIN_PORT (8081), PBS_DATA_DIR (./pbs-data), "
                    + "PBS_API_TOKEN (none: uploads and deletes are refused), PBS_BIND_HOST (127.0.0.1).",
            "Memory: ./pbs starts the service with a heap of at most 512 MB (-Xms64m -Xmx512m); "
                    + "PBS_JAVA_OPTIONS (space-separated JVM options, e.g. -Xmx1g) replaces it."
        })
public final class ServeCommand implements Callable<Integer> {

    @Option(
            names = "--config",
            paramLabel = "FILE",
            description =
                    "YAML configuration (default: the commented pbs.yml in the jar; see service/src/main/resources).")
    private Path configuration;

    @Override
    public Integer call() throws Exception {
        String source = PbsApplication.DEFAULT_CONFIGURATION;
        if (configuration != null) {
            if (!Files.isRegularFile(configuration)) {
                throw new IllegalArgumentException("--config: no such file: " + configuration);
            }
            source = configuration.toString();
        }
        new PbsApplication().run("server", source);
        // The server runs on its own threads; stay until the JVM is told to stop.
        new CountDownLatch(1).await();
        return PbsCommandLine.EXIT_SUCCESS;
    }
}
