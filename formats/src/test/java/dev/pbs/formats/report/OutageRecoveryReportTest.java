package dev.pbs.formats.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.cassandra.cluster.ClockReading;
import dev.pbs.cassandra.cluster.OutageTimes;
import dev.pbs.cassandra.fidelity.OutageRecoveryResult;
import dev.pbs.cassandra.fidelity.OutageRecoverySettings;
import dev.pbs.cassandra.recovery.HintReplayMeasurement;
import dev.pbs.cassandra.recovery.ReadServers;
import dev.pbs.cassandra.recovery.RecoveryCurve;
import dev.pbs.cassandra.recovery.RecoveryObservation;
import dev.pbs.cassandra.recovery.RecoveryRead;
import dev.pbs.cassandra.recovery.ReplayDelays;
import dev.pbs.formats.json.JsonMapping;
import dev.pbs.model.distribution.Constant;
import dev.pbs.model.faults.HintedRecovery;
import dev.pbs.model.faults.OutageProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class OutageRecoveryReportTest {

    /** Node 3 down 20 s, serving again 25 s after its start; clocks in seconds from 0. */
    private static OutageTimes times() {
        return new OutageTimes(
                3,
                new ClockReading(1_000_000, 0),
                new ClockReading(21_000_000, 20_000_000_000L),
                new ClockReading(46_000_000, 45_000_000_000L));
    }

    /** Two writes of node 1 there at the first read, two of node 2 appearing at 6 s. */
    private static OutageRecoveryResult result() {
        ReplayDelays delays = new ReplayDelays(
                List.of(
                        ReplayDelays.Appearance.atFirstRead("127.0.0.1", 700),
                        ReplayDelays.Appearance.atFirstRead("127.0.0.1", 800),
                        new ReplayDelays.Appearance("127.0.0.2", 5_800, 6_200),
                        new ReplayDelays.Appearance("127.0.0.2", 5_900, 6_100)),
                0,
                120_000);
        HintReplayMeasurement.Result measurement = new HintReplayMeasurement.Result(
                times(), delays, 1_000, 0, 9, 4_000, 500, new ReadServers(180, 0, 3), 640);
        List<RecoveryRead> reads = List.of(
                new RecoveryRead(500, false),
                new RecoveryRead(900, true),
                new RecoveryRead(1_500, true),
                new RecoveryRead(1_700, true));
        RecoveryObservation.Result observation =
                new RecoveryObservation.Result(times(), 1_000, reads, 100, 20, new ReadServers(288, 0, 0), 590);
        OutageProcess process = new OutageProcess(
                Constant.of(3_600_000),
                Constant.of(45_000),
                OutageProcess.DEFAULT_HINT_WINDOW_MILLIS,
                delays.distribution());
        RecoveryCurve curve =
                RecoveryCurve.of(reads, 1_000, 2_000, since -> HintedRecovery.consistent(process, 45_000, since));
        OutageRecoverySettings settings =
                OutageRecoverySettings.of(3, Duration.ofSeconds(20), 1, Path.of("cluster"), 11);
        return new OutageRecoveryResult(
                settings,
                List.of(measurement),
                delays,
                List.of(observation),
                process,
                45_000,
                curve,
                Duration.ofSeconds(250));
    }

    @Test
    void json_carriesTheFiguresByName() throws Exception {
        OutageRecoveryResult result = result();

        JsonNode json = JsonMapping.mapper().readTree(OutageRecoveryReport.json(result));

        assertThat(json.get("fault").asText()).isEqualTo("outage");
        assertThat(json.get("node").asInt()).isEqualTo(3);
        assertThat(json.get("outage_s").asDouble()).isEqualTo(20);
        assertThat(json.get("rmse_recovery").asDouble())
                .isEqualTo(result.curve().rmse());
        assertThat(json.get("noise_floor_recovery").asDouble())
                .isEqualTo(result.curve().noiseFloor());
        assertThat(json.get("reads_in_bins").asLong()).isEqualTo(4);
        JsonNode replay = json.get("replay_delay");
        assertThat(replay.get("writes_followed").asInt()).isEqualTo(4);
        assertThat(replay.get("missing_at_end").asInt()).isZero();
        assertThat(replay.get("found_at_first_read").asInt()).isEqualTo(2);
        assertThat(replay.get("p50_ms").asDouble()).isZero();
        assertThat(replay.get("max_ms").asDouble()).isEqualTo(6_000);
        assertThat(replay.get("by_coordinator")).hasSize(2);
        assertThat(replay.get("by_coordinator").get(1).get("first_ms").asDouble())
                .isEqualTo(6_000);
        JsonNode outage = json.get("observed_outages").get(0);
        assertThat(outage.get("down_s").asDouble()).isEqualTo(20);
        assertThat(outage.get("starting_s").asDouble()).isEqualTo(25);
        assertThat(outage.get("traced_by_returned_node").asLong()).isEqualTo(288);
        JsonNode firstBin = json.get("bins").get(0);
        assertThat(firstBin.get("reads").asLong()).isEqualTo(2);
        assertThat(firstBin.get("consistent").asLong()).isEqualTo(1);
        assertThat(firstBin.get("p_observed_ci95")).hasSize(2);
        // Half the writes were there at the return: the prediction is 0.5 throughout the first bin.
        assertThat(firstBin.get("p_predicted").asDouble()).isEqualTo(0.5);
    }

    @Test
    void text_namesTheStepsTheCoordinatorsAndTheRmse() {
        String text = OutageRecoveryReport.text(result());

        assertThat(text)
                .contains("node 3 down for 20s, 1 outage(s) a step")
                .contains("Step 1, the hint replay delay: 4 writes followed of 1000 made while down, 0 never appeared"
                        + " within 2m (of all 1000, 0 missing at the end)")
                .contains("hints kept by 127.0.0.2: 2 writes, appeared 6000 to 6000 ms after the return")
                .contains("traced reads served by it 288, by another replica 0")
                .contains("0-1  ")
                .contains("RMSE over the recovery curve: ");
    }
}
