package dev.pbs.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFileTest {

    @TempDir
    Path folder;

    private List<String> names() throws IOException {
        try (Stream<Path> entries = Files.list(folder)) {
            return entries.map(entry -> entry.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void write_newFile_holdsTheBytesAndNoTemporaryStays() throws IOException {
        Path target = folder.resolve("profile.json");
        AtomicFile.write(target, "{\"name\": \"a\"}".getBytes(StandardCharsets.UTF_8));
        assertThat(Files.readString(target)).isEqualTo("{\"name\": \"a\"}");
        assertThat(names()).containsExactly("profile.json");
    }

    @Test
    void write_existingFile_isReplaced() throws IOException {
        Path target = folder.resolve("report.txt");
        Files.writeString(target, "the old report, longer than the new one");
        AtomicFile.write(target, "new");
        assertThat(Files.readString(target)).isEqualTo("new");
        assertThat(names()).containsExactly("report.txt");
    }

    @Test
    void write_text_isUtf8() throws IOException {
        Path target = folder.resolve("text");
        AtomicFile.write(target, "t = 0 ms, P ≥ 0.95");
        assertThat(Files.readAllBytes(target)).isEqualTo("t = 0 ms, P ≥ 0.95".getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void write_contentThatFails_leavesTheOldFileIntactAndNoTemporaryBehind() throws IOException {
        Path target = folder.resolve("cluster.properties");
        Files.writeString(target, "nodes=3");
        assertThatThrownBy(() -> AtomicFile.write(target, output -> {
                    output.write("nodes=4, half written".getBytes(StandardCharsets.UTF_8));
                    throw new IOException("disk full");
                }))
                .isInstanceOf(IOException.class)
                .hasMessage("disk full");
        assertThat(Files.readString(target)).isEqualTo("nodes=3");
        assertThat(names()).containsExactly("cluster.properties");
    }

    @Test
    void write_contentThatThrowsUnchecked_alsoRemovesTheTemporary() throws IOException {
        Path target = folder.resolve("pid");
        Files.writeString(target, "123");
        assertThatThrownBy(() -> AtomicFile.write(target, output -> {
                    output.write('4');
                    throw new UncheckedIOException(new IOException("refused"));
                }))
                .isInstanceOf(UncheckedIOException.class);
        assertThat(Files.readString(target)).isEqualTo("123");
        assertThat(names()).containsExactly("pid");
    }

    @Test
    void write_whileWriting_theTemporaryIsAHiddenSiblingEndingInTmp() throws IOException {
        Path target = folder.resolve("launcher.jar");
        AtomicFile.write(target, output -> {
            assertThat(names())
                    .singleElement()
                    .satisfies(name ->
                            assertThat(name).startsWith(".launcher.jar.").endsWith(AtomicFile.TEMPORARY_SUFFIX));
            output.write(1);
        });
        assertThat(names()).containsExactly("launcher.jar");
    }

    @Test
    void write_contentThatClosesTheStream_isStillWrittenWhole() throws IOException {
        Path target = folder.resolve("closed-early");
        AtomicFile.write(target, output -> {
            output.write("all of it".getBytes(StandardCharsets.UTF_8));
            output.close();
        });
        assertThat(Files.readString(target)).isEqualTo("all of it");
    }

    @Test
    void write_streamedContent_copiesAnotherFile() throws IOException {
        Path source = folder.resolve("source.bin");
        byte[] bytes = new byte[1 << 20];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (i * 31);
        }
        Files.write(source, bytes);
        Path target = folder.resolve("copy.bin");
        AtomicFile.write(target, output -> Files.copy(source, output));
        assertThat(Files.mismatch(source, target)).isEqualTo(-1);
    }

    @Test
    void write_missingDirectory_failsAndCreatesNothing() throws IOException {
        Path target = folder.resolve("no-such-folder").resolve("out.json");
        assertThatThrownBy(() -> AtomicFile.write(target, "x")).isInstanceOf(NoSuchFileException.class);
        assertThat(names()).isEmpty();
    }

    @Test
    void write_targetIsADirectory_failsAndLeavesItAndNoTemporary() throws IOException {
        Path target = Files.createDirectory(folder.resolve("reports"));
        Files.writeString(target.resolve("inside"), "kept");
        assertThatThrownBy(() -> AtomicFile.write(target, "x")).isInstanceOf(IOException.class);
        assertThat(Files.readString(target.resolve("inside"))).isEqualTo("kept");
        assertThat(names()).containsExactly("reports");
    }

    @Test
    void write_relativeTarget_resolvesAgainstTheWorkingDirectory() throws IOException {
        Path relative = Path.of("target", "atomic-file-test-" + System.nanoTime());
        try {
            AtomicFile.write(relative, "relative");
            assertThat(Files.readString(relative)).isEqualTo("relative");
        } finally {
            Files.deleteIfExists(relative);
        }
    }
}
