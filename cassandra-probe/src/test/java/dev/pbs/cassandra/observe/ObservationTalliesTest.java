package dev.pbs.cassandra.observe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.model.profile.CoordinatorReplicaShare;
import org.junit.jupiter.api.Test;

class ObservationTalliesTest {

    private static final ObservationSettings SETTINGS = new ObservationSettings(1, 1, 10, 10, new double[] {0, 5});

    @Test
    void observation_countsEachPointAndEveryOutcome() {
        ObservationTallies tallies = new ObservationTallies(2);
        tallies.writeAcknowledged(2_000);
        tallies.writeAcknowledged(3_000);
        tallies.writeFailed();
        tallies.roundTrip(900);
        tallies.readRoundTrip(700);
        tallies.readRoundTrip(800);
        tallies.readAnswered(0, false, 100, 1_500);
        tallies.readAnswered(0, true, 300, 1_700);
        tallies.readAnswered(1, true, 50, 1_600);
        tallies.readFailed();
        tallies.writeCoordinated(true);
        tallies.writeCoordinated(false);
        tallies.writeCoordinated(true);
        tallies.readCoordinated(false);
        tallies.readCoordinated(true);
        tallies.readCoordinated(false);
        tallies.readCoordinated(false);

        RawObservation raw = tallies.observation(SETTINGS, false);
        assertThat(raw.writes()).isEqualTo(2);
        assertThat(raw.failedWrites()).isEqualTo(1);
        assertThat(raw.failedReads()).isEqualTo(1);
        assertThat(raw.reads()).containsExactly(2, 1);
        assertThat(raw.fresh()).containsExactly(1, 1);
        assertThat(raw.lagMicros()).containsExactly(400, 50);
        assertThat(raw.coordinatorReplicas()).isEqualTo(new CoordinatorReplicaCounts(2, 3, 1, 4));
        assertThat(raw.routedToReplicas()).isFalse();
        assertThat(raw.coordinatorReplicaShare()).isEqualTo(CoordinatorReplicaShare.of(2.0 / 3, 0.25));
        assertThat(raw.clientGapMicros().getTotalCount()).isEqualTo(1);
        assertThat(raw.readRoundTripMicros().getTotalCount()).isEqualTo(2);
        assertThat(raw.readClientPartMicros()).isSameAs(raw.readRoundTripMicros());
        assertThat(raw.writeLatencyMicros().getTotalCount()).isEqualTo(2);
        assertThat(raw.readLatencyMicros().getTotalCount()).isEqualTo(3);
        assertThat(raw.readLatencyMicros().getMaxValue()).isBetween(1_699L, 1_701L);
    }

    @Test
    void latencies_outsideTheRange_areClampedNotLost() {
        ObservationTallies tallies = new ObservationTallies(1);
        tallies.writeAcknowledged(-5);
        tallies.writeAcknowledged(ObservationTallies.HIGHEST_MICROS * 2);
        RawObservation raw = tallies.observation(SETTINGS, true);
        assertThat(raw.writeLatencyMicros().getTotalCount()).isEqualTo(2);
        assertThat(raw.writeLatencyMicros().getMinValue()).isZero();
        assertThat(raw.writeLatencyMicros().getHighestTrackableValue())
                .isGreaterThanOrEqualTo(ObservationTallies.HIGHEST_MICROS);
        // nothing counted: the routing rule's share, every coordinator a replica
        assertThat(raw.coordinatorReplicas()).isEqualTo(CoordinatorReplicaCounts.NONE);
        assertThat(raw.coordinatorReplicaShare()).isEqualTo(CoordinatorReplicaShare.ALWAYS);
    }
}
