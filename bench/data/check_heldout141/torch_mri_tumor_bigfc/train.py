import os
from helpers import *

# accelerator check
print("looking for a GPU...")
dev = pick_device()

# fetch the scans once
print("looking for the data folder...")
if not os.path.exists('data'):
    print("fetching and unpacking...")
    fetch_archive_from_drive()

# preprocessing
print("building transforms...")
prep = transforms.Compose([
    transforms.Resize((224, 224)),
    transforms.ToTensor(),
    transforms.Normalize(mean=[0.5, 0.5, 0.5], std=[0.5, 0.5, 0.5])
])

# dataset
print("indexing scans...")
scans = ScanFolder(transform=prep)

# 80/20 split
print("splitting...")
n_fit = int(0.8 * len(scans))
n_eval = len(scans) - n_fit
fit_part, eval_part = torch.utils.data.random_split(scans, [n_fit, n_eval])

# loaders
print("building loaders...")
fit_loader = DataLoader(fit_part, batch_size=32, shuffle=True)
eval_loader = DataLoader(eval_part, batch_size=32, shuffle=False)

# network, loss, optimiser
print("building network, loss and optimiser...")
net = TwoConvNet().to(dev)
# net = restore_weights(net, dev)
pw = torch.tensor([5], device=dev)  # weight for the rarer class
# loss_fn = nn.BCELoss()
loss_fn = nn.BCEWithLogitsLoss(pos_weight=pw)
opt = optim.Adam(net.parameters(), lr=0.001)

# optimisation
fit(net=net, opt=opt, loss_fn=loss_fn, fit_loader=fit_loader, dev=dev, epochs=1)

# write weights
# store_weights(net)

# metrics
score(net=net, eval_loader=eval_loader, dev=dev)

# accuracy
accuracy_on(net=net, eval_loader=eval_loader, dev=dev)

# plots
show_some(net=net, eval_loader=eval_loader, dev=dev, count=10)
