package probes

import (
	"context"
	"fmt"

	"github.com/prometheus/procfs"
)

// Memory is memory_info's data: the numbers of `free`, in bytes, computed
// as procps-ng 4 does.
type Memory struct {
	TotalBytes  uint64 `json:"total_bytes"`
	UsedBytes   uint64 `json:"used_bytes"` // total - available
	FreeBytes   uint64 `json:"free_bytes"`
	SharedBytes uint64 `json:"shared_bytes"`
	// BuffersBytes and CacheBytes add up to free's buff/cache; CacheBytes
	// counts reclaimable slab with the page cache.
	BuffersBytes   uint64 `json:"buffers_bytes"`
	CacheBytes     uint64 `json:"cache_bytes"`
	BuffCacheBytes uint64 `json:"buff_cache_bytes"`
	AvailableBytes uint64 `json:"available_bytes"`
	SwapTotalBytes uint64 `json:"swap_total_bytes"`
	SwapUsedBytes  uint64 `json:"swap_used_bytes"`
	SwapFreeBytes  uint64 `json:"swap_free_bytes"`
}

func memoryInfo(_ context.Context, env *Env) (Output, error) {
	fs, err := procfs.NewFS(env.Layout.Proc())
	if err != nil {
		return Output{}, fmt.Errorf("cannot open %s: %w", env.Layout.Proc(), err)
	}
	mi, err := fs.Meminfo()
	if err != nil {
		return Output{}, fmt.Errorf("cannot read %s/meminfo: %w", env.Layout.Proc(), err)
	}
	m, err := memoryFrom(mi)
	if err != nil {
		return Output{}, fmt.Errorf("cannot read %s/meminfo: %w", env.Layout.Proc(), err)
	}
	return Output{Stdout: renderFree(m), Data: m}, nil
}

// memoryFrom applies free's arithmetic to /proc/meminfo (all in KiB there).
func memoryFrom(mi procfs.Meminfo) (Memory, error) {
	kib := func(p *uint64) uint64 {
		if p == nil {
			return 0
		}
		return *p * 1024
	}
	if mi.MemTotal == nil || mi.MemFree == nil {
		return Memory{}, fmt.Errorf("it has no MemTotal or MemFree")
	}
	m := Memory{
		TotalBytes:     kib(mi.MemTotal),
		FreeBytes:      kib(mi.MemFree),
		SharedBytes:    kib(mi.Shmem),
		BuffersBytes:   kib(mi.Buffers),
		CacheBytes:     kib(mi.Cached) + kib(mi.SReclaimable),
		SwapTotalBytes: kib(mi.SwapTotal),
		SwapFreeBytes:  kib(mi.SwapFree),
	}
	m.BuffCacheBytes = m.BuffersBytes + m.CacheBytes
	// Kernels before 3.14 have no MemAvailable; procps then shows MemFree.
	m.AvailableBytes = m.FreeBytes
	if mi.MemAvailable != nil {
		m.AvailableBytes = kib(mi.MemAvailable)
	}
	if m.AvailableBytes <= m.TotalBytes {
		m.UsedBytes = m.TotalBytes - m.AvailableBytes
	} else if m.FreeBytes <= m.TotalBytes {
		m.UsedBytes = m.TotalBytes - m.FreeBytes
	}
	if m.SwapFreeBytes <= m.SwapTotalBytes {
		m.SwapUsedBytes = m.SwapTotalBytes - m.SwapFreeBytes
	}
	return m, nil
}

// renderFree prints m like `free -h`: a row label, then columns 12 wide.
func renderFree(m Memory) string {
	cell := func(n uint64) string { return fmt.Sprintf(" %11s", freeSize(n)) }
	s := "               total        used        free      shared  buff/cache   available\n"
	s += "Mem:    " + cell(m.TotalBytes) + cell(m.UsedBytes) + cell(m.FreeBytes) +
		cell(m.SharedBytes) + cell(m.BuffCacheBytes) + cell(m.AvailableBytes) + "\n"
	s += "Swap:   " + cell(m.SwapTotalBytes) + cell(m.SwapUsedBytes) + cell(m.SwapFreeBytes) + "\n"
	return s
}
