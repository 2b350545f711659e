package dev.pbs.cassandra.recovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ReadPaceTest {

    @Test
    void awaitNext_twoHundredASecond_spacesReadsFiveMillisecondsApart() {
        ReadPace pace = new ReadPace(200);
        long start = System.nanoTime();
        for (int read = 0; read < 11; read++) {
            pace.awaitNext();
        }
        // The first read at once, ten more 5 ms apart: at least 50 ms in all.
        assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(50_000_000L);
    }

    @Test
    void awaitNext_callerBehind_doesNotCatchUpInABurst() throws InterruptedException {
        ReadPace pace = new ReadPace(100);
        pace.awaitNext();
        Thread.sleep(100);
        long start = System.nanoTime();
        pace.awaitNext();
        pace.awaitNext();
        // The late read goes at once; the one after it still waits its 10 ms.
        assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(10_000_000L);
    }

    @Test
    void new_badPace_isRefused() {
        assertThatThrownBy(() -> new ReadPace(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("reads per second must be in (0, 2000], was 0.0");
    }
}
