package dev.pbs.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.dropwizard.core.cli.Cli;
import io.dropwizard.core.setup.Bootstrap;
import io.dropwizard.util.JarLocation;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Bad configuration stops {@code pbs serve} at start-up with one line naming the setting, through
 * Dropwizard's own command line as {@code pbs serve --config FILE} runs it.
 */
class StartupProblemTest {

    @TempDir
    Path folder;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            an unknown level      | slas: [{writeLevel: ONE, readLevel: SOME}]                              | probe 'p': slas[0].readLevel must be one of ONE, TWO, THREE, QUORUM, ALL, LOCAL_ONE, LOCAL_QUORUM, EACH_QUORUM, was 'SOME'
            an invalid requirement| slas: [{writeLevel: ONE, readLevel: ONE, require: ['window@0.999<=fast']}] | probe 'p': slas[0].require[0]: requirement 'window@0.999<=fast': expected a time in ms, at 'fast'
            a negative rate       | 'workload: {readsPerSecond: -3, writesPerSecond: 1, keys: 10}\n    slas: [{writeLevel: ONE, readLevel: ONE}]' | probe 'p': workload.readsPerSecond must be a number at least 0, was -3.0
            a negative probe rate | 'rate: -1'                                                               | config.yml has an error: probes[0].rate must be greater than 0
            an unknown setting    | 'sla: []'                                                                | config.yml has an error: Unrecognized field at: probes.[0].sla
            """)
    void badConfiguration_oneLineNamingTheSetting(String what, String probeSetting, String expected) throws Exception {
        Path configuration = folder.resolve("config.yml");
        Files.writeString(configuration, """
                dataDirectory: %s
                probes:
                  - name: p
                    contactPoints: ["127.0.0.1:1"]
                    %s
                server:
                  applicationConnectors: [{type: http, bindHost: 127.0.0.1, port: 0}]
                  adminConnectors: [{type: http, bindHost: 127.0.0.1, port: 0}]
                logging:
                  level: OFF
                """.formatted(folder.resolve("data"), probeSetting.replace("\\n", "\n")));

        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        Optional<Throwable> failure = serve(configuration, errors);

        assertThat(failure).isPresent();
        String printed = errors.toString(StandardCharsets.UTF_8);
        assertThat(printed.lines())
                .singleElement()
                .asString()
                .startsWith("pbs serve: " + expected.replace("config.yml has", configuration + " has"));
    }

    private static Optional<Throwable> serve(Path configuration, ByteArrayOutputStream errors) throws IOException {
        PbsApplication application = new PbsApplication();
        Bootstrap<PbsConfiguration> bootstrap = new Bootstrap<>(application);
        application.addDefaultCommands(bootstrap);
        application.initialize(bootstrap);
        Cli cli = new Cli(new JarLocation(PbsApplication.class), bootstrap, new ByteArrayOutputStream(), errors);
        try {
            return cli.run("server", configuration.toString());
        } catch (Exception unexpected) {
            throw new AssertionError(unexpected);
        }
    }
}
