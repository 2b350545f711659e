package dev.pbs.cassandra.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NodeClasspathTest {

    @Test
    void installed_releaseFolder_launcherFirstThenTheOthersByName(@TempDir Path folder) throws Exception {
        for (String name : new String[] {"zstd-jni-1.5.jar", "cassandra-all-5.0.6.jar", "cassandra-node-0.1.0.jar"}) {
            Files.writeString(folder.resolve(name), "");
        }
        Files.writeString(folder.resolve("README.txt"), "not a jar");

        assertThat(NodeClasspath.installed(folder))
                .extracting(path -> path.getFileName().toString())
                .containsExactly("cassandra-node-0.1.0.jar", "cassandra-all-5.0.6.jar", "zstd-jni-1.5.jar");
    }

    @Test
    void installed_folderWithoutTheLauncher_namesWhatIsMissing(@TempDir Path folder) throws Exception {
        Files.writeString(folder.resolve("cassandra-all-5.0.6.jar"), "");

        assertThatThrownBy(() -> NodeClasspath.installed(folder))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("cassandra-node-*.jar")
                .hasMessageContaining("pbs.cassandra.lib");
    }

    @Test
    void installed_missingFolder_namesTheFolder(@TempDir Path folder) {
        Path missing = folder.resolve("lib/cassandra");

        assertThatThrownBy(() -> NodeClasspath.installed(missing))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(missing.toString());
    }
}
