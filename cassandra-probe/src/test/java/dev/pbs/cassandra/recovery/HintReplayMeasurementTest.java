package dev.pbs.cassandra.recovery;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class HintReplayMeasurementTest {

    private static List<Integer> upTo(int count) {
        return IntStream.range(0, count).boxed().toList();
    }

    @Test
    void evenlySpaced_moreThanTheMost_takesEveryKthFromTheFirst() {
        assertThat(HintReplayMeasurement.evenlySpaced(upTo(1000), 250))
                .hasSize(250)
                .startsWith(0, 4, 8)
                .endsWith(996);
        // 1001 writes: spacing just over 4, still 250, still spread to the end.
        assertThat(HintReplayMeasurement.evenlySpaced(upTo(1001), 250))
                .hasSize(250)
                .doesNotHaveDuplicates()
                .endsWith(996);
    }

    @Test
    void evenlySpaced_noMoreThanTheMost_takesThemAll() {
        assertThat(HintReplayMeasurement.evenlySpaced(upTo(250), 250)).isEqualTo(upTo(250));
        assertThat(HintReplayMeasurement.evenlySpaced(upTo(3), 250)).containsExactly(0, 1, 2);
        assertThat(HintReplayMeasurement.evenlySpaced(List.of(), 250)).isEmpty();
    }

    @Test
    void followed_coordinatorsTakingTurns_followsEachInProportion() {
        // 1,000 writes through two coordinators in turn: every 4th write alone would be one coordinator's.
        List<OutageWriter.Write> writes = IntStream.range(0, 1000)
                .mapToObj(i -> new OutageWriter.Write("k" + i, i % 2 == 0 ? "127.0.0.1" : "127.0.0.2", i, i + 1, true))
                .toList();

        List<OutageWriter.Write> followed = HintReplayMeasurement.followed(writes, 250);

        assertThat(followed).hasSize(250);
        assertThat(followed)
                .filteredOn(write -> write.coordinator().equals("127.0.0.1"))
                .hasSize(125);
        assertThat(followed)
                .filteredOn(write -> write.coordinator().equals("127.0.0.2"))
                .hasSize(125);
        assertThat(followed).isSortedAccordingTo(java.util.Comparator.comparingLong(OutageWriter.Write::sentNanos));
        assertThat(followed.get(followed.size() - 1).sentNanos()).isGreaterThan(990);
    }
}
