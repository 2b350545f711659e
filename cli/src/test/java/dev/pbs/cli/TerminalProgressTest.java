package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TerminalProgressTest {

    @Test
    void progressed_withoutATerminal_neverShowsABar() throws Exception {
        try (TerminalProgress progress = new TerminalProgress("test", false)) {
            Thread.sleep(1100);
            progress.progressed(10, 100);
            assertThat(progress.shown()).isFalse();
        }
    }

    @Test
    void progressed_withATerminal_waitsASecondBeforeShowingTheBar() throws Exception {
        try (TerminalProgress progress = new TerminalProgress("test", true)) {
            progress.progressed(10, 100);
            assertThat(progress.shown()).as("before a second has passed").isFalse();
            Thread.sleep(1100);
            progress.progressed(20, 100);
            assertThat(progress.shown()).isTrue();
        }
    }
}
