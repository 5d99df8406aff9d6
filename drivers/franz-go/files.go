package main

import (
	"encoding/binary"
	"fmt"
	"os"
)

// maxFileBytes bounds a values or index file: kbench writes at most 32 MiB of values per thread.
const maxFileBytes = 256 << 20

// readValues reads a values file: u32 n, then n times (u32 length, bytes), big-endian.
func readValues(path string) ([][]byte, error) {
	b, err := readBounded(path)
	if err != nil {
		return nil, err
	}
	if len(b) < 4 {
		return nil, fmt.Errorf("%s: shorter than its count", path)
	}
	n := int(binary.BigEndian.Uint32(b))
	if n < 1 || n > len(b) {
		return nil, fmt.Errorf("%s: %d values", path, n)
	}
	values := make([][]byte, 0, n)
	at := 4
	for i := 0; i < n; i++ {
		if at+4 > len(b) {
			return nil, fmt.Errorf("%s: cut off at value %d of %d", path, i, n)
		}
		length := int(binary.BigEndian.Uint32(b[at:]))
		at += 4
		if length > len(b)-at {
			return nil, fmt.Errorf("%s: value %d of %d bytes runs past the end", path, i, length)
		}
		values = append(values, b[at:at+length:at+length])
		at += length
	}
	if at != len(b) {
		return nil, fmt.Errorf("%s: %d bytes after value %d", path, len(b)-at, n)
	}
	return values, nil
}

// readIndices reads a key index file: u32 n, then n times u32 (a key number below count).
func readIndices(path string, count int) ([]uint32, error) {
	b, err := readBounded(path)
	if err != nil {
		return nil, err
	}
	if len(b) < 4 || len(b) != 4+4*int(binary.BigEndian.Uint32(b)) || len(b) == 4 {
		return nil, fmt.Errorf("%s: not u32 n then n key indexes", path)
	}
	out := make([]uint32, (len(b)-4)/4)
	for i := range out {
		out[i] = binary.BigEndian.Uint32(b[4+4*i:])
		if int(out[i]) >= count {
			return nil, fmt.Errorf("%s: key index %d at position %d is not below the key count %d", path, out[i], i, count)
		}
	}
	return out, nil
}

func readBounded(path string) ([]byte, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if info.Size() > maxFileBytes {
		return nil, fmt.Errorf("%s: %d bytes, more than %d", path, info.Size(), maxFileBytes)
	}
	return os.ReadFile(path)
}

// keyBytes is key number i as the Java side writes it: the ASCII bytes of "key-i".
func keyBytes(count int) [][]byte {
	keys := make([][]byte, count)
	for i := range keys {
		keys[i] = []byte(fmt.Sprintf("key-%d", i))
	}
	return keys
}
