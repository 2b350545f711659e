package dev.pbs.cassandra.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.model.profile.MessageCorrelation;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Pairs of one traced operation's delays, and the correlation the profile takes from them. */
class MessagePairsTest {

    /**
     * Two replicas' delays 1000 exp(Z + E1) and 1000 exp(Z + E2) µs, Z, E1, E2 standard normal: their normal
     * scores correlate 1/2, which is what the profile must get (through Spearman's rank
     * correlation, (6 / pi) arcsin(1/4) = 0.483). Independent reads give about 0.
     */
    @Test
    void correlation_ofLogNormalsSharingAFactor_isTheirNormalScoresCorrelation() {
        MessagePairs pairs = new MessagePairs();
        SplittableRandom random = new SplittableRandom(3);
        for (int operation = 0; operation < 4000; operation++) {
            double shared = random.nextGaussian();
            pairs.record(
                    write(
                            1000 * Math.exp(shared + random.nextGaussian()),
                            1000 * Math.exp(shared + random.nextGaussian())),
                    Operation.WRITE);
            pairs.record(
                    write(1000 * Math.exp(random.nextGaussian()), 1000 * Math.exp(random.nextGaussian())),
                    Operation.READ);
        }
        MessageCorrelation correlation = pairs.snapshot().correlation();
        assertThat(correlation.writesBetweenReplicas()).isCloseTo(0.5, within(0.04));
        assertThat(correlation.readsBetweenReplicas()).isCloseTo(0, within(0.04));
        assertThat(correlation.writesWithOwnReplica()).isZero();
        assertThat(pairs.snapshot().explanation()).contains("from 4000 pairs");
    }

    @Test
    void correlation_withTooFewPairs_isNone() {
        MessagePairs pairs = new MessagePairs();
        for (int operation = 0; operation < MessagePairs.FEWEST_PAIRS - 1; operation++) {
            pairs.record(write(operation, operation), Operation.WRITE);
        }
        assertThat(pairs.snapshot().correlation().isNone()).isTrue();
        pairs.record(write(100, 100), Operation.WRITE);
        assertThat(pairs.snapshot().correlation().writesBetweenReplicas()).isEqualTo(MessageCorrelation.HIGHEST);
    }

    @Test
    void since_keepsThePairsGivenAfterTheEarlierSnapshot() {
        MessagePairs pairs = new MessagePairs();
        pairs.record(write(1, 2), Operation.WRITE);
        MessagePairs.Snapshot earlier = pairs.snapshot();
        pairs.record(write(3, 4), Operation.WRITE);
        pairs.record(write(5, 6), Operation.WRITE);
        MessagePairs.Pairs window = pairs.snapshot().since(earlier).writesBetweenReplicas();
        assertThat(window.given()).isEqualTo(2);
        assertThat(window.pairs()).extracting(pair -> pair[0]).containsExactly(3.0, 5.0);
    }

    /**
     * A client part 500 exp(Z + E1) µs and a coordinator part 2000 exp(Z + E2) µs: coupled 1/2, as
     * the messages above. A coordinator part not shorter than what the client waited, or unknown,
     * is no pair.
     */
    @Test
    void clientCoupling_ofPartsSharingAFactor_isTheirNormalScoresCorrelation() {
        MessagePairs pairs = new MessagePairs();
        assertThat(pairs.snapshot().clientCoupling()).isZero();
        SplittableRandom random = new SplittableRandom(5);
        for (int operation = 0; operation < 4000; operation++) {
            double shared = random.nextGaussian();
            long coordinator = Math.round(2000 * Math.exp(shared + random.nextGaussian()));
            long client = coordinator + Math.round(500 * Math.exp(shared + random.nextGaussian()));
            pairs.recordClient(client, coordinator);
        }
        pairs.recordClient(1000, 1000);
        pairs.recordClient(1000, 0);
        MessagePairs.Snapshot snapshot = pairs.snapshot();
        assertThat(snapshot.clientWithCoordinator().given()).isEqualTo(4000);
        assertThat(snapshot.clientCoupling()).isCloseTo(0.5, within(0.04));
        assertThat(snapshot.correlation().isNone()).isTrue();
        assertThat(snapshot.explanation()).contains("coordinator's part: 0.4");
    }

    @Test
    void clientCoupling_negativeOrTooFewPairs_isIndependent() {
        MessagePairs pairs = new MessagePairs();
        for (int operation = 1; operation <= 100; operation++) {
            // The longer the coordinator's part, the shorter the client's.
            pairs.recordClient(10_000, 1000 + operation * 10L);
        }
        assertThat(pairs.snapshot().clientWithCoordinator().spearman()).isCloseTo(-1, within(1e-9));
        assertThat(pairs.snapshot().clientCoupling()).isZero();
        MessagePairs few = new MessagePairs();
        for (int operation = 1; operation < MessagePairs.FEWEST_PAIRS; operation++) {
            few.recordClient(1000 + operation * 20L, 500 + operation * 10L);
        }
        assertThat(few.snapshot().clientCoupling()).isZero();
    }

    /** A trace with two other replicas whose W + A (or R + S) are {@code first} and {@code second}, µs. */
    private static TraceParser.Result write(double first, double second) {
        return new TraceParser.Result(
                List.of(
                        new ReplicaDelays("127.0.0.2", Operation.WRITE, (long) first, 0),
                        new ReplicaDelays("127.0.0.3", Operation.WRITE, (long) second, 0)),
                0,
                null,
                2,
                2);
    }
}
