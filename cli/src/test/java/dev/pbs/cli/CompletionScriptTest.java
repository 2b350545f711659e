package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompletionScriptTest {

    @Test
    void script_wholeCommandTree_completesEveryCommandAndItsOptions() {
        String script = CompletionScript.script();

        assertThat(script)
                .contains("complete -F _complete_pbs")
                .contains("predict", "tune", "profile", "fit", "serve", "cassandra", "probe", "replay", "fidelity")
                .contains("--profile-file", "--read-fanout", "--contact-point", "--require");
    }

    @Test
    void main_writesAScriptThatBashLoads(@TempDir Path folder) throws Exception {
        Path file = folder.resolve("completion/pbs");

        CompletionScript.main(new String[] {file.toString()});

        Process bash = new ProcessBuilder("bash", "-c", "source \"$1\" && complete -p pbs", "bash", file.toString())
                .redirectErrorStream(true)
                .start();
        assertThat(bash.waitFor(20, TimeUnit.SECONDS)).isTrue();
        String output = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(bash.exitValue()).as(output).isZero();
        assertThat(output).contains("_complete_pbs");
        assertThat(Files.readString(file)).startsWith("#!/usr/bin/env bash");
    }
}
