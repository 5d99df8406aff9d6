package io.kbench.load.integrity;

import org.apache.kafka.clients.producer.BufferExhaustedException;
import org.apache.kafka.common.InvalidRecordException;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.InvalidTopicException;
import org.apache.kafka.common.errors.RecordBatchTooLargeException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.errors.UnsupportedVersionException;

/**
 * Which send errors leave a record's fate open. A producer retries behind the application's back, so after a
 * timeout, a lost connection or any retriable error an earlier attempt may have been written (Jepsen calls these
 * sends indeterminate, kgo-verifier tolerates them). Only errors that mean the broker refused or was never asked to
 * write the record are definite failures; anything else, known or not, counts as indeterminate.
 */
public final class SendErrors {
    private SendErrors() {
    }

    /** Whether a send that ended with {@code error} may nevertheless be in the log. */
    public static boolean mayBeWritten(Throwable error) {
        return !(error instanceof RecordTooLargeException
                || error instanceof RecordBatchTooLargeException
                || error instanceof InvalidRecordException
                || error instanceof InvalidTopicException
                || error instanceof SerializationException
                || error instanceof AuthorizationException
                || error instanceof AuthenticationException
                || error instanceof UnsupportedVersionException
                || error instanceof BufferExhaustedException);
    }
}
