class RunningMean:
    def __init__(self, label="Metric"):
        self.label = label
        self.reset()

    def reset(self):
        self.avg, self.sum, self.count = [0] * 3

    def update(self, value, n=1):
        self.count += n
        self.sum += value * n
        self.avg = self.sum / self.count

    def __repr__(self):
        msg = f"{self.label}: {self.avg:.4f}"
        return msg

def current_lr(opt):
    for group in opt.param_groups:
        return group["lr"]
