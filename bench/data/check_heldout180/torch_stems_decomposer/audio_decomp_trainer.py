import audio_decomp_module as adm
from torch.utils.data import DataLoader


TRAIN_MAX_LENGTH = 27719408
TEST_MAX_LENGTH = 18979538

# chunked MUSDB18 folders written by the preprocessing step
train_dataset = adm.AudioDataset(root_dir='./data/train')
test_dataset = adm.AudioDataset(root_dir='./data/test')

# loaders
train_loader = DataLoader(train_dataset, batch_size=8, shuffle=True)
test_loader = DataLoader(test_dataset, batch_size=8, shuffle=False)


# network: two output channels for each of the four stems
num_sources = 2 * 4
model = adm.SourceSeparationModel(num_sources)

device = adm.torch.device("cuda" if adm.torch.cuda.is_available() else "cpu")
model = model.to(device)

# loss and optimizer
criterion = adm.nn.MSELoss()
optimizer = adm.torch.optim.Adam(model.parameters(), lr=0.001)

# training settings
num_epochs = 10
print_every = 2000
best_val_loss = float('inf')

for epoch in range(num_epochs):
    model.train()
    running_loss = 0.0
    for i, batch in enumerate(train_loader, 0):
        inputs = batch['mixture']
        instruments = batch['instruments']
        labels = batch['labels']

        print('inputs', inputs.shape, type(inputs))
        print('instruments', len(instruments), type(instruments))
        print('instrument 0', instruments[0].shape, type(instruments[0]))

        # join the stem spectrograms on the channel axis
        targets = adm.torch.cat(instruments, dim=1)

        inputs = inputs.to(device)
        targets = targets.to(device)

        # one optimisation step
        outputs = model(inputs)
        print('outputs', outputs.shape, type(outputs))
        print('targets', targets.shape, type(targets))
        loss = criterion(outputs, targets)
        loss.backward()
        optimizer.step()

        # clear gradients for the next step
        optimizer.zero_grad()

        # per-step log line
        print(f'Epoch [{epoch+1}/{num_epochs}], Step [{i+1}/{len(train_loader)}], Loss: {loss.item()}')
# held-out pass
model.eval()
with adm.torch.no_grad():
    val_loss = 0.0
    for i, batch in enumerate(test_loader, 0):
        inputs = batch['mixture']
        instruments = batch['instruments']
        labels = batch['labels']

        # targets stacked on a new leading axis
        targets = adm.torch.stack(instruments)
        outputs = model(inputs)
        loss = criterion(outputs, targets)
        val_loss += loss.item()

    val_loss /= len(test_loader)
    print(f'Validation Loss: {val_loss:.4f}')

    # keep the best checkpoint
    if val_loss < best_val_loss:
        print(f'Validation loss decreased ({best_val_loss:.4f} --> {val_loss:.4f}).  Saving model ...')
        adm.torch.save(model, 'new_model.pth')
        best_val_loss = val_loss

print('Finished Training')
