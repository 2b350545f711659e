package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pbs.formats.json.JsonMapping;
import dev.pbs.formats.profile.ProfileJson;
import dev.pbs.model.distribution.Empirical;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PredictProfileFileTest {

    private static final ObjectMapper MAPPER = JsonMapping.mapper();

    @Test
    void predict_heterogeneousProfileFile_runsEveryConfigurationOfItsN() throws Exception {
        CommandLineRun run = CommandLineRun.of(
                "predict",
                "--profile-file",
                CommandLineRun.resource("profiles/slow-replica.json").toString(),
                "--n",
                "3",
                "--trials",
                "20000",
                "--format",
                "json");

        assertThat(run.status()).as(run.err()).isZero();
        JsonNode root = MAPPER.readTree(run.out());
        assertThat(root.get("profile").get("name").asText()).isEqualTo("slow-replica");
        assertThat(root.get("configs")).hasSize(9);
        JsonNode readOneWriteOne = root.get("configs").get(0);
        double atCommit =
                readOneWriteOne.get("t_visibility").get(0).get("p_consistent").asDouble();
        assertThat(atCommit).isGreaterThan(0).isLessThan(1);
    }

    @Test
    void predict_datacenterProfileFile_runsWithCrossDatacenterLatency() throws Exception {
        CommandLineRun run = CommandLineRun.of(
                "predict",
                "--profile-file",
                CommandLineRun.resource("profiles/two-datacenters.json").toString(),
                "--n",
                "4",
                "--r",
                "ALL",
                "--w",
                "ONE",
                "--trials",
                "20000",
                "--format",
                "json");

        assertThat(run.status()).as(run.err()).isZero();
        JsonNode configuration = MAPPER.readTree(run.out()).get("configs").get(0);
        assertThat(configuration.get("r").asInt()).isEqualTo(4);
        // R = ALL waits for the remote datacenter: about 2 x e^3 = 40 ms round trip at least.
        double readMedian =
                configuration.get("read_latency_ms").get(0).get("value").asDouble();
        assertThat(readMedian).isGreaterThan(20);
    }

    @Test
    void predict_datacenterProfileFile_tableNamesProfile() {
        CommandLineRun run = CommandLineRun.of(
                "predict",
                "--profile-file",
                CommandLineRun.resource("profiles/two-datacenters.json").toString(),
                "--n",
                "4",
                "--trials",
                "5000");

        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out().lines().findFirst().orElseThrow()).contains("two-datacenters", "N=4");
    }

    @Test
    void predict_empiricalProfileFile_runs(@TempDir Path directory) throws Exception {
        Histogram histogram = new Histogram(3);
        for (int micros = 200; micros <= 5000; micros += 7) {
            histogram.recordValue(micros);
        }
        LatencyProfile profile = LatencyProfile.builder("measured")
                .provenance("synthetic histogram written by the test")
                .defaults(MessageDelays.all(Empirical.of(histogram, TimeUnit.MICROSECONDS)))
                .build();
        Path file = Files.writeString(directory.resolve("measured.json"), ProfileJson.writeString(profile));

        CommandLineRun run = CommandLineRun.of(
                "predict",
                "--profile-file",
                file.toString(),
                "--n",
                "3",
                "--r",
                "1",
                "--w",
                "1",
                "--trials",
                "5000",
                "--format",
                "json");

        assertThat(run.status()).as(run.err()).isZero();
        double writeMedian = MAPPER.readTree(run.out())
                .get("configs")
                .get(0)
                .get("write_latency_ms")
                .get(0)
                .get("value")
                .asDouble();
        assertThat(writeMedian).isBetween(0.4, 10.0);
    }
}
