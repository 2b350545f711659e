package dev.pbs.formats.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.cassandra.observe.ObservedPoint;
import dev.pbs.cassandra.observe.ObservedStaleness;
import dev.pbs.formats.json.JsonMapping;
import dev.pbs.model.profile.CoordinatorReplicaShare;
import dev.pbs.montecarlo.ProportionEstimate;
import java.util.List;
import org.junit.jupiter.api.Test;

class ObservationReportTest {

    private static final ObservedStaleness OBSERVED = new ObservedStaleness(
            3,
            1,
            1,
            100,
            2,
            1,
            CoordinatorReplicaShare.NEVER,
            1,
            0.75,
            0.6,
            0.4,
            List.of(
                    new ObservedPoint(0, ProportionEstimate.of(90, 100), 0.92, 0.3),
                    new ObservedPoint(10, ProportionEstimate.of(99, 100), 0.99, 0.2)),
            List.of(
                    new ObservedStaleness.LatencyComparison("read", 50, 10.0, 10.5, 0.1),
                    new ObservedStaleness.LatencyComparison("write", 50, 12.0, 11.0, 0.3)));

    @Test
    void json_carriesTheFieldsToolsReadByName() throws Exception {
        JsonNode json = JsonMapping.mapper().readTree(ObservationReport.json(OBSERVED));
        assertThat(json.get("rmse_t_visibility").asDouble()).isEqualTo(OBSERVED.rmse());
        assertThat(json.get("noise_floor_t_visibility").asDouble()).isEqualTo(OBSERVED.noiseFloor());
        assertThat(json.get("nrmse_latency").asDouble()).isEqualTo(OBSERVED.latencyNrmse());
        // standard errors 0.1 and 0.3 ms over the observed range of 2 ms
        assertThat(json.get("noise_floor_latency").asDouble()).isCloseTo(Math.sqrt(0.05) / 2, within(1e-12));
        assertThat(json.get("mean_client_gap_ms").asDouble()).isEqualTo(0.75);
        assertThat(json.get("mean_read_round_trip_ms").asDouble()).isEqualTo(0.6);
        assertThat(json.get("client_coupling").asDouble()).isEqualTo(0.4);
        assertThat(json.get("prediction_windows").asInt()).isEqualTo(1);
        JsonNode windowed =
                JsonMapping.mapper().readTree(ObservationReport.json(OBSERVED.withPoints(OBSERVED.points(), 3)));
        assertThat(windowed.get("prediction_windows").asInt()).isEqualTo(3);
        assertThat(json.get("coordinator_is_replica").asBoolean()).isFalse();
        assertThat(json.get("coordinator_replica_share").get("writes").asDouble())
                .isZero();
        assertThat(json.get("coordinator_replica_share").get("reads").asDouble())
                .isZero();
        assertThat(json.get("points")).hasSize(2);
        JsonNode first = json.get("points").get(0);
        assertThat(first.get("t_ms").asDouble()).isZero();
        assertThat(first.get("reads").asLong()).isEqualTo(100);
        assertThat(first.get("fresh").asLong()).isEqualTo(90);
        assertThat(first.get("observed").asDouble()).isEqualTo(0.9);
        assertThat(first.get("observed_lower").asDouble()).isLessThan(0.9);
        assertThat(first.get("predicted").asDouble()).isEqualTo(0.92);
        assertThat(first.get("mean_send_lag_ms").asDouble()).isEqualTo(0.3);
        // One prediction per point, and one RMSE: observed 0.90 against 0.92, 0.99 against 0.99.
        assertThat(first.size()).isEqualTo(8);
        assertThat(json.get("rmse_t_visibility").asDouble())
                .isCloseTo(Math.sqrt((0.02 * 0.02 + 0.0) / 2), within(1e-12));
        assertThat(json.get("latencies")).hasSize(2);
    }

    @Test
    void json_pointsWithThePredictionInterval_carryItsEnds_othersLeaveThemOut() throws Exception {
        ObservedPoint first = OBSERVED.points().get(0);
        ObservedStaleness withInterval = OBSERVED.withPoints(
                List.of(
                        first.withExpected(new ObservedPoint.Interval(0.86, 0.97)),
                        OBSERVED.points().get(1)),
                1);
        JsonNode points = JsonMapping.mapper()
                .readTree(ObservationReport.json(withInterval))
                .get("points");
        assertThat(points.get(0).get("expected_lower").asDouble()).isEqualTo(0.86);
        assertThat(points.get(0).get("expected_upper").asDouble()).isEqualTo(0.97);
        assertThat(points.get(0).size()).isEqualTo(10);
        assertThat(points.get(1).has("expected_lower")).isFalse();
        assertThat(points.get(1).size()).isEqualTo(8);
    }

    @Test
    void text_showsEveryPointTheRmseAndTheNoise() {
        String text = ObservationReport.text(OBSERVED);
        assertThat(text)
                .contains("N=3, R=1, W=1, 100 writes acknowledged (2 failed), 1 reads failed")
                .contains(
                        "coordinator separate from the replicas, client round trip (mean 0.75 ms, coupled 0.40 with the time to "
                                + "consistency) and each t's send lag added to t")
                .contains("0.9000  [")
                .contains("RMSE observed against predicted: 0.0141 (1.41%)")
                .contains("latency NRMSE");
    }

    @Test
    void json_coordinatorReplicaShare_isMeasuredAndTheFlagOnlyWhenEveryCoordinatorWasAReplica() throws Exception {
        JsonNode partly = JsonMapping.mapper()
                .readTree(ObservationReport.json(withShare(CoordinatorReplicaShare.of(200.0 / 300, 396.0 / 600))));
        assertThat(partly.get("coordinator_is_replica").asBoolean()).isFalse();
        assertThat(partly.get("coordinator_replica_share").get("writes").asDouble())
                .isEqualTo(200.0 / 300);
        assertThat(partly.get("coordinator_replica_share").get("reads").asDouble())
                .isEqualTo(0.66);
        assertThat(partly.get("coordinator_replica_share").size()).isEqualTo(2);
        JsonNode always =
                JsonMapping.mapper().readTree(ObservationReport.json(withShare(CoordinatorReplicaShare.ALWAYS)));
        assertThat(always.get("coordinator_is_replica").asBoolean()).isTrue();
        assertThat(always.get("coordinator_replica_share").get("writes").asDouble())
                .isEqualTo(1.0);
        assertThat(always.get("coordinator_replica_share").get("reads").asDouble())
                .isEqualTo(1.0);
        // all writes through replicas but not all reads: not every coordinator a replica
        JsonNode writesOnly =
                JsonMapping.mapper().readTree(ObservationReport.json(withShare(CoordinatorReplicaShare.of(1, 0.5))));
        assertThat(writesOnly.get("coordinator_is_replica").asBoolean()).isFalse();
    }

    @Test
    void text_coordinatorReplicaShare_givesThePercentagesWhenSomeWereReplicasAndSomeNot() {
        assertThat(ObservationReport.text(withShare(CoordinatorReplicaShare.of(200.0 / 300, 396.0 / 600))))
                .contains("prediction: read fan-out targeted, coordinator a replica for 67% of writes and 66% of "
                        + "reads, client round trip");
        assertThat(ObservationReport.text(withShare(CoordinatorReplicaShare.ALWAYS)))
                .contains("coordinator is a replica, client round trip");
        assertThat(ObservationReport.text(OBSERVED)).contains("coordinator separate from the replicas, client");
        // a share that would round to 100% (or 0%) keeps the decimals that tell it apart
        assertThat(ObservationReport.text(withShare(CoordinatorReplicaShare.of(0.999, 0.004))))
                .contains("coordinator a replica for 99.9% of writes and 0.4% of reads");
    }

    /** {@link #OBSERVED} with another coordinator replica share. */
    private static ObservedStaleness withShare(CoordinatorReplicaShare share) {
        return new ObservedStaleness(
                OBSERVED.n(),
                OBSERVED.readReplicas(),
                OBSERVED.writeReplicas(),
                OBSERVED.writes(),
                OBSERVED.failedWrites(),
                OBSERVED.failedReads(),
                share,
                OBSERVED.predictionWindows(),
                OBSERVED.meanClientGapMillis(),
                OBSERVED.meanReadRoundTripMillis(),
                OBSERVED.clientCoupling(),
                OBSERVED.points(),
                OBSERVED.latencies());
    }
}
