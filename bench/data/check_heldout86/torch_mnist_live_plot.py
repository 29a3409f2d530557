import torch
from torch import nn
from torch.utils.data import DataLoader
from torchvision import datasets
from torchvision.transforms import ToTensor
import matplotlib.pyplot as plt
from matplotlib.gridspec import GridSpec

draw_recent = True

mnist_train = datasets.MNIST(
    root="data",
    train=True,
    download=True,
    transform=ToTensor()
)

mnist_test = datasets.MNIST(
    root="data",
    train=False,
    download=True,
    transform=ToTensor()
)

bs = 64

fit_loader = DataLoader(mnist_train, batch_size=bs)
eval_loader = DataLoader(mnist_test, batch_size=bs)

dev = (
    "cuda"
    if torch.cuda.is_available()
    else "cpu"
)

print(f"running on {dev}")


class TinyMLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.flat = nn.Flatten()
        self.layers = nn.Sequential(
            nn.Linear(28 * 28, 20),
            nn.Tanh(),
            nn.Linear(20, 20),
            nn.Tanh(),
            nn.Linear(20, 16),
            nn.Tanh(),
            nn.Linear(16, 10),
        )

    def forward(self, x):
        x = self.flat(x)
        scores = self.layers(x)
        return scores


net = TinyMLP().to(dev)

criterion = nn.CrossEntropyLoss()
opt = torch.optim.Adamax(net.parameters(), lr=1e-3)

# running accuracy and a few recent guesses for the figure
acc_history = []
recent = []
recent_misses = []


def build_figure():
    fig = plt.figure(layout="constrained", figsize=(15, 7))

    grid = GridSpec(2, 5, figure=fig)

    acc_axis = fig.add_subplot(grid[0, :-1])
    recent_axis = fig.add_subplot(grid[0, -1:])

    miss_axes = []

    for k in range(0, 5):
        miss_axes.append(fig.add_subplot(grid[1, k]))

    fig.suptitle("Handwritten digits")

    return acc_axis, recent_axis, miss_axes


acc_axis, recent_axis, miss_axes = build_figure();


def run_epoch(loader, net, criterion, opt):
    n_total = len(loader.dataset)
    net.train()
    n_right = 0
    n_seen = 0
    global acc_history  # module-level list updated below
    global recent
    global recent_misses
    for step, (xb, yb) in enumerate(loader):
        xb, yb = xb.to(dev), yb.to(dev)

        scores = net(xb)
        loss = criterion(scores, yb)

        opt.zero_grad()
        loss.backward()
        opt.step()

        _, guessed = torch.max(scores, 1)
        n_seen += yb.size(0)
        n_right += (guessed == yb).sum().item()

        if step % 100 == 0:
            for j in range(len(guessed)):
                recent.append((xb[j], guessed[j], yb[j]))
                if guessed[j] != yb[j]:
                    recent_misses.append((xb[j], guessed[j], yb[j]))
                    if len(recent_misses) > 5:
                        recent_misses.pop(0)
                if len(recent) > 5:
                    recent.pop(0)

        if step % 100 == 0:
            loss, done = loss.item(), (step + 1) * len(xb)
            acc = n_right / n_seen * 100
            acc_history.append(acc)
            print(f"loss {loss:>7f}  [{done:>5d}/{n_total:>5d}] acc {acc:.2f}%")
            # redraw the accuracy curve
            acc_axis.clear()  # wipe the old curve
            acc_axis.plot(acc_history, '-o')
            acc_axis.set_title('Training accuracy')
            acc_axis.set_ylabel('Accuracy (%)')
            acc_axis.grid(True)
            if draw_recent:
                # show the most recent guesses
                for j, (img, guess, truth) in enumerate(recent, 1):
                    recent_axis.imshow(img.squeeze().cpu().numpy(), cmap='gray')

                    if guess == truth:
                        caption = '(right)'
                    else:
                        caption = f'Guess: {guess}, Truth: {truth} (wrong)'
                    recent_axis.set_title(caption)
                    recent_axis.axis('off')

                # show the most recent misses
                for j, (img, guess, truth) in enumerate(recent_misses, 1):
                    axis = miss_axes[j-1]
                    img = img.squeeze().cpu().numpy()  # tensor back to an array
                    axis.imshow(img, cmap='gray')
                    axis.set_title(f'G:{guess} T:{truth}')
        plt.pause(0.0001)  # let the figure refresh


def evaluate(loader, net, criterion):
    n_total = len(loader.dataset)
    net.eval()
    eval_loss, n_right = 0, 0
    with torch.no_grad():
        for xb, yb in loader:
            xb, yb = xb.to(dev), yb.to(dev)
            scores = net(xb)
            eval_loss += criterion(scores, yb).item()
            n_right += (scores.argmax(1) == yb).type(torch.float).sum().item()
    eval_loss /= n_total
    n_right /= n_total
    print(f"Eval: \n acc {(100 * n_right):>0.1f}%, mean loss {eval_loss:>8f} \n")


n_epochs = 10

for ep in range(n_epochs):
    print(f"Epoch {ep + 1}\n-------------------------------")
    run_epoch(fit_loader, net, criterion, opt)
    evaluate(eval_loader, net, criterion)
print("finished")

plt.show()
