package dev.pbs.service.errors;

import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Jetty's own error answers (a malformed or ambiguous URI, a header too long: refused before the
 * application runs) as the same JSON body as the API's, whatever the client accepts.
 */
public final class JsonServerErrorHandler extends ErrorHandler {

    /** Jetty writes error bodies only for GET, POST and HEAD by default; the API needs them for all. */
    @Override
    public boolean errorPageForMethod(String method) {
        return true;
    }

    @Override
    protected void generateResponse(
            Request request, Response response, int code, String message, Throwable cause, Callback callback)
            throws java.io.IOException {
        generateAcceptableResponse(
                request, response, callback, "application/json", List.of(StandardCharsets.UTF_8), code, message, cause);
    }

    @Override
    protected void writeErrorJson(Request request, PrintWriter writer, int code, String message, Throwable cause) {
        writer.write(JsonErrorBodies.of(code, message));
    }

    @Override
    public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
        fields.put(HttpHeader.CONTENT_TYPE, "application/json");
        return ByteBuffer.wrap(JsonErrorBodies.bytes(status, reason));
    }

    /** For the servlet context: the same JSON for errors that Jersey reports with sendError. */
    public static final class ForServlets extends org.eclipse.jetty.ee10.servlet.ErrorHandler {

        @Override
        public boolean errorPageForMethod(String method) {
            return true;
        }

        @Override
        protected void generateResponse(
                Request request, Response response, int code, String message, Throwable cause, Callback callback)
                throws java.io.IOException {
            generateAcceptableResponse(
                    request,
                    response,
                    callback,
                    "application/json",
                    List.of(StandardCharsets.UTF_8),
                    code,
                    message,
                    cause);
        }

        @Override
        protected boolean generateAcceptableResponse(
                Request request,
                Response response,
                Callback callback,
                String contentType,
                List<Charset> charsets,
                int code,
                String message,
                Throwable cause)
                throws java.io.IOException {
            return super.generateAcceptableResponse(
                    request,
                    response,
                    callback,
                    "application/json",
                    List.of(StandardCharsets.UTF_8),
                    code,
                    message,
                    cause);
        }

        @Override
        protected void writeErrorJson(Request request, PrintWriter writer, int code, String message, Throwable cause) {
            writer.write(JsonErrorBodies.of(code, message));
        }

        @Override
        public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
            fields.put(HttpHeader.CONTENT_TYPE, "application/json");
            return ByteBuffer.wrap(JsonErrorBodies.bytes(status, reason));
        }
    }
}
