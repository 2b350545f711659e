package dev.pbs.service;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.formats.json.JsonMapping;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * HTTP/1.1 over a plain socket, one connection a request, for bad-input tests: any method, any
 * request target (one that {@link java.net.URI} refuses, such as {@code %ZZ} or a raw space), any
 * header bytes, a chunked body.
 */
final class RawHttp {

    private RawHttp() {}

    /**
     * A request exactly as sent: the target is the path and query ({@code /api/v1/...}); a header
     * {@code Transfer-Encoding: chunked} sends the body in one chunk, else a body is sent with its
     * Content-Length. The label says where the request comes from, in failure messages.
     */
    record Request(String label, String method, String target, List<String[]> headers, byte[] body) {}

    /** An answer: its status, content type and body. */
    record Answer(int status, String contentType, byte[] body) {
        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    static Answer send(int port, Request request) throws IOException {
        boolean chunked = request.headers().stream()
                .anyMatch(header -> header[0].equalsIgnoreCase("Transfer-Encoding") && header[1].equals("chunked"));
        StringBuilder head = new StringBuilder(request.method())
                .append(' ')
                .append(request.target())
                .append(" HTTP/1.1\r\nHost: 127.0.0.1:")
                .append(port)
                .append("\r\nConnection: close\r\n");
        for (String[] header : request.headers()) {
            head.append(header[0]).append(": ").append(header[1]).append("\r\n");
        }
        byte[] body = request.body() == null ? new byte[0] : request.body();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        if (chunked) {
            bytes.write(head.append("\r\n").toString().getBytes(StandardCharsets.UTF_8));
            bytes.write((Integer.toHexString(body.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
            bytes.write(body);
            bytes.write("\r\n0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        } else {
            if (request.body() != null) {
                head.append("Content-Length: ").append(body.length).append("\r\n");
            }
            // UTF-8 for the request line and headers: a raw é is sent as its bytes
            bytes.write(head.append("\r\n").toString().getBytes(StandardCharsets.UTF_8));
            bytes.write(body);
        }
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
            socket.setSoTimeout(10_000);
            IOException writeFailed = null;
            try {
                OutputStream out = socket.getOutputStream();
                out.write(bytes.toByteArray());
                out.flush();
            } catch (IOException refused) {
                // Jetty may answer a bad request line and close before reading the body: read the answer anyway
                writeFailed = refused;
            }
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            try {
                socket.getInputStream().transferTo(answer);
            } catch (IOException reset) {
                if (answer.size() == 0) {
                    throw writeFailed != null ? writeFailed : reset;
                }
            }
            return parse(answer.toByteArray());
        }
    }

    private static Answer parse(byte[] answer) throws IOException {
        String all = new String(answer, StandardCharsets.ISO_8859_1);
        int headEnd = all.indexOf("\r\n\r\n");
        if (!all.startsWith("HTTP/1.1 ") || headEnd < 0) {
            throw new IOException("not an HTTP answer: " + shorten(all, 200));
        }
        String contentType = "-";
        boolean chunked = false;
        for (String line : all.substring(0, headEnd).split("\r\n")) {
            String lower = line.toLowerCase(Locale.ROOT);
            if (lower.startsWith("content-type:")) {
                contentType = line.substring(13).trim();
            } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
                chunked = true;
            }
        }
        byte[] body = Arrays.copyOfRange(answer, headEnd + 4, answer.length);
        return new Answer(Integer.parseInt(all.substring(9, 12)), contentType, chunked ? unchunk(body) : body);
    }

    private static byte[] unchunk(byte[] chunked) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        String text = new String(chunked, StandardCharsets.ISO_8859_1);
        int at = 0;
        while (at < text.length()) {
            int lineEnd = text.indexOf("\r\n", at);
            if (lineEnd < 0) {
                break;
            }
            int size =
                    Integer.parseInt(text.substring(at, lineEnd).split(";")[0].trim(), 16);
            if (size == 0) {
                break;
            }
            body.write(chunked, lineEnd + 2, size);
            at = lineEnd + 2 + size + 2;
        }
        return body.toByteArray();
    }

    /**
     * Null when the answer is acceptable for a bad request, else what is wrong with it: a 5xx, or a
     * 4xx without the JSON error body {@code {"code": status, "message": "..."}}.
     */
    static String problemWith(Answer answer) {
        if (answer.status() >= 500) {
            return "server error";
        }
        if (answer.status() < 400) {
            return null;
        }
        JsonNode error;
        try {
            error = JsonMapping.mapper().readTree(answer.body());
        } catch (IOException notJson) {
            return "the error body is not JSON";
        }
        if (error == null || !error.isObject()) {
            return "the error body is not a JSON object";
        }
        JsonNode code = error.get("code");
        if (code == null || !code.isIntegralNumber() || code.intValue() != answer.status()) {
            return "the error body's code is not the status";
        }
        JsonNode message = error.get("message");
        if (message == null || !message.isTextual() || message.textValue().isBlank()) {
            return "the error body has no message";
        }
        return null;
    }

    /** Printable, with non-printable characters escaped, cut to a length. */
    static String shorten(String text, int length) {
        StringBuilder shown = new StringBuilder();
        for (int i = 0; i < text.length() && shown.length() < length; i++) {
            char c = text.charAt(i);
            shown.append(c >= 0x20 && c < 0x7f ? String.valueOf(c) : String.format(Locale.ROOT, "\\u%04x", (int) c));
        }
        return text.length() > length ? shown + "... (" + text.length() + " chars)" : shown.toString();
    }

    /** The request as a line, for failure messages. */
    static String describe(Request request) {
        StringBuilder description = new StringBuilder(request.label())
                .append(": ")
                .append(request.method())
                .append(' ')
                .append(shorten(request.target(), 300));
        for (String[] header : request.headers()) {
            description
                    .append(" [")
                    .append(header[0])
                    .append(": ")
                    .append(shorten(header[1], 100))
                    .append(']');
        }
        if (request.body() != null) {
            description
                    .append(" body(")
                    .append(request.body().length)
                    .append(" bytes)=")
                    .append(shorten(new String(request.body(), StandardCharsets.ISO_8859_1), 1_500));
        }
        return description.toString();
    }
}
