package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.cassandra.cluster.LocalCluster;
import dev.pbs.cassandra.testing.LocalClusterExtension;
import dev.pbs.formats.json.JsonMapping;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The "done when" path on a real cluster: pbs probe, then pbs predict from its file. */
@ExtendWith(LocalClusterExtension.class)
class ProbeCommandIT {

    @Test
    void probe_thenPredictFromTheMeasuredProfile(LocalCluster cluster, @TempDir Path folder) throws Exception {
        Path profile = folder.resolve("p.json");
        Path histogramLog = folder.resolve("p.hlog");
        Path observation = folder.resolve("observed.json");
        Path record = folder.resolve("run.jsonl.gz");
        CommandLineRun probe = CommandLineRun.of(
                "probe",
                "--contact-point",
                "127.0.0.1:9042",
                "--duration",
                "10s",
                "--rate",
                "60",
                "--trace-fraction",
                "0.5",
                "--keyspace",
                "pbs_probe_cli_it",
                "--out",
                profile.toString(),
                "--hlog",
                histogramLog.toString(),
                "--observe",
                "--observe-writes",
                "60",
                "--observe-rate",
                "30",
                "--observe-out",
                observation.toString(),
                "--record",
                record.toString());
        System.out.println(probe.out());
        assertThat(probe.status()).as(probe.err()).isZero();
        assertThat(probe.out())
                .contains("cluster pbs-local, Cassandra 5.0.")
                .contains("127.0.0.3  W")
                .contains("RMSE observed against predicted");
        assertThat(Files.readString(histogramLog)).contains("Tag=W/127.0.0.1").contains("Tag=S/127.0.0.3");
        JsonNode observed = JsonMapping.mapper().readTree(observation.toFile());
        assertThat(observed.get("rmse_t_visibility").isNumber()).isTrue();
        assertThat(observed.get("rmse_t_visibility").asDouble()).isBetween(0.0, 1.0);

        // The record replays, with no cluster, to the live run's profile, observation and report, byte for byte.
        Path replayedProfile = folder.resolve("replayed.json");
        Path replayedObservation = folder.resolve("replayed-observed.json");
        CommandLineRun replay = CommandLineRun.of(
                "replay",
                record.toString(),
                "--out",
                replayedProfile.toString(),
                "--observe-out",
                replayedObservation.toString());
        assertThat(replay.status()).as(replay.err()).isZero();
        assertThat(Files.readString(replayedProfile)).isEqualTo(Files.readString(profile));
        assertThat(Files.readString(replayedObservation)).isEqualTo(Files.readString(observation));
        assertThat(replay.out().replace(replayedProfile.toString(), "PROFILE"))
                .isEqualTo(probe.out().replace(profile.toString(), "PROFILE"));
        assertThat(observed.get("points").size()).isEqualTo(15);

        CommandLineRun predict = CommandLineRun.of(
                "predict", "--profile-file", profile.toString(), "--n", "3", "--all", "--trials", "20000");
        assertThat(predict.status()).as(predict.err()).isZero();
        // The profile reads as the cluster's table does: Cassandra 5's defaults.
        JsonNode readPath = JsonMapping.mapper().readTree(profile.toFile()).get("read_path");
        assertThat(readPath.get("speculative_retry").asText()).isEqualTo("99p");
        assertThat(readPath.get("read_repair").asText()).isEqualTo("blocking");
        // and chooses replicas as the nodes' dynamic snitch does (system_views.settings: on, 1.0)
        assertThat(readPath.get("replica_choice").asText()).isEqualTo("snitch");
        assertThat(readPath.get("snitch_badness_threshold").asDouble()).isEqualTo(1.0);
        assertThat(predict.out())
                .contains("profile measured, N=3")
                .contains("read fan-out targeted")
                .contains("speculative retry 99p, blocking read repair")
                .contains("replicas chosen by the dynamic snitch (badness threshold 1)");

        CommandLineRun fit = CommandLineRun.of(
                "fit",
                "--profile-file",
                profile.toString(),
                "--out",
                folder.resolve("fitted.json").toString());
        assertThat(fit.status()).as(fit.err()).isZero();
        assertThat(CommandLineRun.of(
                                "predict",
                                "--profile-file",
                                folder.resolve("fitted.json").toString(),
                                "--n",
                                "3",
                                "--r",
                                "1",
                                "--w",
                                "1",
                                "--trials",
                                "20000")
                        .status())
                .isZero();
    }
}
