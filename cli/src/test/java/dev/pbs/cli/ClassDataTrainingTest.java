package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Every run of the launcher's training succeeds: a run that failed (an option renamed, say) would
 * leave its command's classes out of the archive, and that command would start slower unnoticed.
 */
class ClassDataTrainingTest {

    @Test
    void everyTrainingRun_succeedsWithOutput() {
        for (String[] run : ClassDataTraining.RUNS) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int status = PbsCommandLine.execute(new PrintWriter(out), new PrintWriter(err), false, run);
            assertThat(status).as("%s: %s", Arrays.toString(run), err).isZero();
            assertThat(out.toString()).as(Arrays.toString(run)).isNotBlank();
        }
    }
}
