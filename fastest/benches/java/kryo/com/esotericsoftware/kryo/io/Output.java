package com.esotericsoftware.kryo.io;

/** The stand-in's output: see {@link com.esotericsoftware.kryo.Kryo}. */
public class Output implements AutoCloseable {
    public Output(java.io.OutputStream out) {
    }

    public void flush() {
    }

    @Override
    public void close() {
    }
}
