package sched

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"
)

// order records the jobs a scheduler ran, in order.
type order struct {
	mu   sync.Mutex
	done []string
}

func (o *order) add(s string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.done = append(o.done, s)
}

func (o *order) get() []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return slices.Clone(o.done)
}

// TestSchedulerTakesClientsInTurn: a client's flood of jobs waits behind
// itself; another client's job runs as soon as the job running ends.
func TestSchedulerTakesClientsInTurn(t *testing.T) {
	s := New(Config{Workers: 1, Slice: time.Hour}) // never hurried here
	defer s.Close()
	var o order
	release := make(chan struct{})
	started := make(chan struct{})
	submit := func(client, name string, block bool) {
		t.Helper()
		if err := s.Submit(Job{Client: client, Run: func(context.Context) {
			if block {
				close(started)
				<-release
			}
			o.add(name)
		}}); err != nil {
			t.Fatal(err)
		}
	}
	submit("flood", "f0", true)
	<-started
	for _, n := range []string{"f1", "f2", "f3"} {
		submit("flood", n, false)
	}
	submit("other", "o1", false)
	submit("third", "t1", false)
	close(release)
	deadline := time.Now().Add(5 * time.Second)
	for len(o.get()) < 6 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	want := []string{"f0", "f1", "o1", "t1", "f2", "f3"}
	if got := o.get(); !slices.Equal(got, want) {
		t.Errorf("ran %v, want %v", got, want)
	}
}

// TestSchedulerHurries: a job that has had its slice is hurried while
// another waits, and left alone while none does.
func TestSchedulerHurries(t *testing.T) {
	const slice = 30 * time.Millisecond
	s := New(Config{Workers: 1, Slice: slice})
	defer s.Close()
	ran := make(chan time.Duration, 2)
	long := func(hurry context.Context) {
		start := time.Now()
		select {
		case <-hurry.Done():
		case <-time.After(2 * time.Second):
		}
		ran <- time.Since(start)
	}
	if err := s.Submit(Job{Client: "a", Run: long}); err != nil {
		t.Fatal(err)
	}
	select {
	case d := <-ran:
		t.Fatalf("alone, a job was stopped after %v", d)
	case <-time.After(4 * slice):
	}
	quick := make(chan struct{})
	if err := s.Submit(Job{Client: "b", Run: func(context.Context) { close(quick) }}); err != nil {
		t.Fatal(err)
	}
	select {
	case d := <-ran:
		if d > time.Second {
			t.Errorf("hurried only after %v", d)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("the running job was never hurried")
	}
	select {
	case <-quick:
	case <-time.After(2 * time.Second):
		t.Fatal("the waiting job never ran")
	}
}

// TestSchedulerClose: closing hurries the running job, drops the queued
// ones and refuses new ones.
func TestSchedulerClose(t *testing.T) {
	s := New(Config{Workers: 1, Slice: time.Hour})
	started := make(chan struct{})
	if err := s.Submit(Job{Client: "a", Run: func(h context.Context) { close(started); <-h.Done() }}); err != nil {
		t.Fatal(err)
	}
	<-started
	dropped := true
	if err := s.Submit(Job{Client: "b", Run: func(context.Context) { dropped = false }}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if !dropped {
		t.Error("a queued job ran after close")
	}
	if err := s.Submit(Job{Client: "c", Run: func(context.Context) {}}); err == nil {
		t.Error("a closed scheduler took a job")
	}
}

// TestSchedulerBoundsAndDropsAbandoned: a client's queue holds at most
// perClient jobs (another client's is its own), and a job whose context
// ends while it waits leaves the queue, never run, making room.
func TestSchedulerBoundsAndDropsAbandoned(t *testing.T) {
	s := New(Config{Workers: 1, PerClient: 2})
	defer s.Close()
	release, started := make(chan struct{}), make(chan struct{})
	if err := s.Submit(Job{Client: "a", Run: func(context.Context) { close(started); <-release }}); err != nil {
		t.Fatal(err)
	}
	<-started
	var o order
	ctx, cancel := context.WithCancel(context.Background())
	for _, j := range []Job{
		{Client: "a", Ctx: ctx, Run: func(context.Context) { o.add("abandoned") }},
		{Client: "a", Run: func(context.Context) { o.add("a2") }},
		{Client: "b", Run: func(context.Context) { o.add("b1") }},
	} {
		if err := s.Submit(j); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Submit(Job{Client: "a", Run: func(context.Context) { o.add("a3") }}); !errors.Is(err, ErrQueueFull) {
		t.Fatalf("a third job waiting for a client of two: %v, want ErrQueueFull", err)
	}
	cancel()
	deadline := time.Now().Add(5 * time.Second)
	for s.Pending() != 2 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if n := s.Pending(); n != 2 {
		t.Fatalf("%d jobs wait after one was abandoned, want 2", n)
	}
	if err := s.Submit(Job{Client: "a", Run: func(context.Context) { o.add("a3") }}); err != nil {
		t.Fatalf("the abandoned job's place: %v", err)
	}
	close(release)
	for len(o.get()) < 3 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	time.Sleep(10 * time.Millisecond) // anything run late would show
	if got, want := o.get(), []string{"a2", "b1", "a3"}; !slices.Equal(got, want) {
		t.Errorf("ran %v, want %v", got, want)
	}
}
