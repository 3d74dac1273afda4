package main

import (
	"bufio"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// spawnedServer is `durbar serve` started by the load command in a process
// of its own, pinned to some cores, so that the server's figures and the
// client's do not mix.
type spawnedServer struct {
	cmd *exec.Cmd
	url string
}

// spawnServer starts bin serve on a free loopback port with the database
// db, without its per-client limits (the load client is one address), on
// the cores cpus (taskset's list, e.g. "0" or "0-1"; "" any core).
func spawnServer(bin, db, cpus string, stderr io.Writer) (*spawnedServer, error) {
	if bin == "" {
		exe, err := os.Executable()
		if err != nil {
			return nil, err
		}
		bin = exe
	}
	args := []string{"serve", "--addr", "127.0.0.1:0", "--db", db, "--log", "json", "--create-rate", "0", "--max-conns-per-client", "0", "--max-streams-per-client", "0"}
	name := bin
	if cpus != "" {
		taskset, err := exec.LookPath("taskset")
		if err != nil {
			return nil, fmt.Errorf("--server-cpus needs taskset (util-linux): %w", err)
		}
		name, args = taskset, append([]string{"-c", cpus, bin}, args...)
	}
	cmd := exec.Command(name, args...)
	// A test binary standing in for durbar (cmd/durbar's TestMain) runs
	// durbar's main when asked to.
	cmd.Env = append(os.Environ(), "DURBAR_RUN_MAIN=1")
	cmd.Stderr = stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	url := regexp.MustCompile(`http://[0-9.:]+`).FindString(line)
	if err != nil || url == "" {
		cmd.Process.Kill()
		cmd.Wait()
		return nil, fmt.Errorf("the server did not start (%v): %q", err, line)
	}
	go io.Copy(io.Discard, out)
	return &spawnedServer{cmd: cmd, url: url}, nil
}

// stop ends the server (SIGTERM: it shuts down gracefully) and waits.
func (s *spawnedServer) stop() {
	s.cmd.Process.Signal(os.Interrupt)
	done := make(chan struct{})
	go func() { s.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(15 * time.Second):
		s.cmd.Process.Kill()
		<-done
	}
}

// serverFigures are the server's own counters, read from its /metrics.
type serverFigures struct {
	cpuSeconds float64 // process_cpu_seconds_total
	actions    float64 // durbar_actions_total
	bytes      float64 // durbar_http_response_bytes_total, every route
}

// scrapeMetrics reads the counters the load report needs from the
// server's /metrics; ok is false for a server without them.
func scrapeMetrics(c *http.Client, base string) (f serverFigures, ok bool) {
	resp, err := c.Get(base + "/metrics")
	if err != nil {
		return f, false
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return f, false
	}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		// The value follows the last space (a label's value may hold one).
		i := strings.LastIndexByte(line, ' ')
		if i < 0 {
			continue
		}
		name, value := line[:i], line[i+1:]
		v, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
		if err != nil {
			continue
		}
		switch {
		case name == "process_cpu_seconds_total":
			f.cpuSeconds = v
		case name == "durbar_actions_total":
			f.actions, ok = v, true
		case strings.HasPrefix(name, "durbar_http_response_bytes_total{") && !strings.Contains(name, `"GET /metrics"`):
			f.bytes += v
		}
	}
	return f, ok
}

// cpuSeconds is the CPU time the server process has used (Linux: from
// /proc), for a server without /metrics; ok is false elsewhere.
func (s *spawnedServer) cpuSeconds() (float64, bool) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", s.cmd.Process.Pid))
	if err != nil {
		return 0, false
	}
	// The fields after the command's name, which is in parentheses.
	text := string(data)
	fields := strings.Fields(text[strings.LastIndexByte(text, ')')+1:])
	if len(fields) < 13 {
		return 0, false
	}
	utime, err1 := strconv.ParseFloat(fields[11], 64)
	stime, err2 := strconv.ParseFloat(fields[12], 64)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return (utime + stime) / 100, true // clock ticks (USER_HZ, 100 on Linux)
}
