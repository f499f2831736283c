package probes

// hostSpecs are the probes answered from procfs, sysfs, mountinfo and
// statfs, with the spec's commands.
func hostSpecs() []Spec {
	return []Spec{
		{ID: TopMemory, Command: "ps aux --sort=-%mem", Source: "procfs", Run: topMemory, Brief: topMemoryBrief},
		{ID: TopCPU, Command: "ps aux --sort=-%cpu", Source: "procfs", Run: topCPU, Brief: topCPUBrief},
		{ID: CPUInfo, Command: "lscpu", Source: "procfs+sysfs", Run: cpuInfo},
		{ID: MemoryInfo, Command: "free -h", Source: "procfs", Run: memoryInfo},
		{ID: DiskUsage, Command: "df -h", Source: "mountinfo+statfs", Run: diskUsage(statHost, statfsWait)},
		{ID: BlockDevices, Command: "lsblk", Source: "sysfs", Run: blockDevices},
	}
}
