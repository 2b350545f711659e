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
}
