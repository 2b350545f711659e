package dev.pbs.cassandra.legs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.cassandra.probe.Operation;
import dev.pbs.cassandra.probe.ProbeEvent;
import dev.pbs.cassandra.probe.TraceEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Paired legs' keys, and their correlation from traces built with known delays. */
class LegCorrelationTest {

    private static final String COORDINATOR = "127.0.0.1";
    private static final List<String> OTHERS = List.of("127.0.0.2", "127.0.0.3");

    @Test
    void key_namesItsPairAndTau_andProbeKeysNameNone() {
        assertThat(PairedLegs.pairOf(PairedLegs.key(17, 5))).contains(new PairedLegs.Pair(17, 5));
        assertThat(PairedLegs.pairOf("k17")).isEmpty();
        assertThatThrownBy(() -> new PairedLegs.Settings(0, 10)).hasMessageContaining("--paired-legs must be");
    }

    /**
     * At tau 0 each replica's read request takes exactly as long as its write did (a rank
     * correlation of 1 over the same replica, and about 0 over different ones, whose delays are drawn
     * apart); at tau 200 the read's delays are drawn apart from the write's (about 0 both).
     */
    @Test
    void correlation_followsTheDelaysTheTracesHold() {
        SplittableRandom random = new SplittableRandom(54);
        List<ProbeEvent.TracedOperation> traced = new ArrayList<>();
        int pairs = 400;
        for (int number = 0; number < pairs; number++) {
            int tau = number % 2 == 0 ? 0 : 200;
            String key = PairedLegs.key(number, tau);
            long[] written = {100 + random.nextInt(5_000), 100 + random.nextInt(5_000)};
            long[] read = tau == 0 ? written : new long[] {100 + random.nextInt(5_000), 100 + random.nextInt(5_000)};
            traced.add(leg(Operation.WRITE, key, written));
            traced.add(leg(Operation.READ, key, read));
        }
        traced.add(leg(Operation.WRITE, "k3", new long[] {10, 10})); // the probe's own: left out

        List<LegCorrelation.ByTau> byTau = LegCorrelation.of(traced);

        assertThat(byTau).extracting(LegCorrelation.ByTau::tauMillis).containsExactly(0, 200);
        LegCorrelation.ByTau immediate = byTau.get(0);
        LegCorrelation.ByTau far = byTau.get(1);
        assertThat(immediate.pairs()).isEqualTo(pairs / 2);
        assertThat(immediate.sameReplicaPoints()).isEqualTo(pairs);
        assertThat(immediate.differentReplicaPoints()).isEqualTo(pairs);
        assertThat(immediate.sameReplica()).isCloseTo(1, within(1e-9));
        // Independent draws: within four standard errors of 0.
        double error = LegCorrelation.ByTau.standardError(pairs);
        assertThat(immediate.differentReplicas()).isCloseTo(0, within(4 * error));
        assertThat(far.sameReplica()).isCloseTo(0, within(4 * error));
        assertThat(far.differentReplicas()).isCloseTo(0, within(4 * error));
    }

    /**
     * One leg through {@link #COORDINATOR}, each other replica's outbound delay {@code outbound[i]}
     * (µs): sent at 100, wire 200 each way, served at outbound - 300 on the replica's own
     * stopwatch, answered 50 later.
     */
    private static ProbeEvent.TracedOperation leg(Operation operation, String key, long[] outbound) {
        List<TraceEvent> events = new ArrayList<>();
        String request = operation == Operation.WRITE ? "MUTATION_REQ" : "READ_REQ";
        String response = operation == Operation.WRITE ? "MUTATION_RSP" : "READ_RSP";
        for (int i = 0; i < OTHERS.size(); i++) {
            String replica = OTHERS.get(i);
            long served = outbound[i] - 300;
            long replied = served + 50;
            long arrived = 100 + 200 + replied + 200;
            events.add(new TraceEvent(COORDINATOR, 100, "Sending " + request + " message to /" + replica + ":7000"));
            events.add(new TraceEvent(replica, served, operation.servedActivity("wars")));
            events.add(
                    new TraceEvent(replica, replied, "Sending " + response + " message to /" + COORDINATOR + ":7000"));
            events.add(new TraceEvent(COORDINATOR, arrived, response + " message received from /" + replica + ":7000"));
            events.add(new TraceEvent(COORDINATOR, arrived + 10, "Processing response from /" + replica + ":7000"));
        }
        return new ProbeEvent.TracedOperation(0, operation, COORDINATOR, key, "ALL", 3, false, 1_000, 1, events);
    }
}
