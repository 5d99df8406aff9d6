// Command kbench-franz-go is kbench's driver for the franz-go Kafka client: it runs one slice of a kbench workload
// with franz-go and reports what kbench's own Java load generator would have measured, by the driver contract in
// docs/drivers.md (slice on standard input, events on standard output, HdrHistogram interval histograms).
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
)

// maxLineBytes bounds one input line: a slice with PEM material is a few KiB.
const maxLineBytes = 4 << 20

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: kbench-franz-go version|check|run  (the slice on standard input; docs/drivers.md)")
		os.Exit(2)
	}
	switch os.Args[1] {
	case "version":
		line, _ := json.Marshal(versionInfo())
		fmt.Println(string(line))
	case "check":
		in := bufio.NewReaderSize(os.Stdin, 64<<10)
		if _, _, err := readSlice(in); err != nil {
			exitRefused(err)
		}
	case "run":
		os.Exit(runDriver(os.Stdin, os.Stdout))
	default:
		fmt.Fprintf(os.Stderr, "franz-go driver: unknown command %q: version, check or run\n", os.Args[1])
		os.Exit(2)
	}
}

func exitRefused(err error) {
	fmt.Fprintln(os.Stderr, "franz-go driver: "+err.Error())
	os.Exit(2)
}

// readSlice reads and checks the first line: the slice and its client options.
func readSlice(in *bufio.Reader) (*Slice, *Options, error) {
	line, err := readLine(in)
	if err != nil {
		if errors.Is(err, io.EOF) {
			return nil, nil, refusal{"slice: standard input ended before the slice"}
		}
		return nil, nil, refusal{"slice: " + err.Error()}
	}
	slice, err := decodeSlice(line)
	if err != nil {
		return nil, nil, err
	}
	opts, err := parseOptions(slice.ClientProperties)
	if err != nil {
		return nil, nil, err
	}
	if _, err := seeds(*slice.Bootstrap); err != nil {
		return nil, nil, err
	}
	return slice, opts, nil
}

// readLine reads one line of at most maxLineBytes, without its newline.
func readLine(in *bufio.Reader) ([]byte, error) {
	var line []byte
	for {
		chunk, err := in.ReadSlice('\n')
		line = append(line, chunk...)
		if len(line) > maxLineBytes {
			return nil, fmt.Errorf("a line longer than %d bytes", maxLineBytes)
		}
		if err == nil {
			return bytes.TrimRight(line, "\r\n"), nil
		}
		if !errors.Is(err, bufio.ErrBufferFull) {
			if errors.Is(err, io.EOF) && len(bytes.TrimSpace(line)) > 0 {
				return bytes.TrimSpace(line), nil
			}
			return nil, err
		}
	}
}

// versionInfo is the version line: the contract, the client library's and the histogram port's module versions.
func versionInfo() map[string]any {
	versions := map[string]string{}
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, d := range info.Deps {
			versions[d.Path] = d.Version
		}
	}
	orUnknown := func(path string) string {
		if v, ok := versions[path]; ok {
			return v
		}
		return "unknown"
	}
	return map[string]any{"contract": contractVersion, "client": "franz-go",
		"clientVersion": orUnknown("github.com/twmb/franz-go"),
		"histogram":     "hdrhistogram-go " + orUnknown("github.com/HdrHistogram/hdrhistogram-go"),
		"go":            runtime.Version()}
}
