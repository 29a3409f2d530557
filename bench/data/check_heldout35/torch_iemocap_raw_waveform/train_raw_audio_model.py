import torch
from torch import optim
from raw_audio_model import WaveConvLSTM
from process_raw_audio_model import IemocapWaveSet, collate_wave_batch
from torch.utils.data import DataLoader
from torch.optim.lr_scheduler import ReduceLROnPlateau
from torch.optim.lr_scheduler import CosineAnnealingLR as CosineSched
import pdb
from torch.nn import DataParallel

device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')

wave_model = WaveConvLSTM(1, 64, 3, 1, 1, 4, 4, 200, 2, 0.2, 4, 100, True)
wave_model.cuda()
wave_model = DataParallel(wave_model, device_ids=[0,1,2,3])
wave_model.train()

# plain SGD at a large step size; the cosine schedule below brings it down
sgd_optimizer = optim.SGD(wave_model.parameters(), lr=0.1)
#plateau_sched = ReduceLROnPlateau(optimizer=sgd_optimizer,factor=0.3, patience=5, threshold=1e-3)
lr_sched = CosineSched(sgd_optimizer, T_max=100, eta_min=0.0001)
# read both splits of the pickled waveforms
train_dataset = IemocapWaveSet(train=True)
loader_train = DataLoader(dataset=train_dataset, batch_size=100, shuffle=True, collate_fn=collate_wave_batch, num_workers=0)
test_dataset = IemocapWaveSet(train=False)
loader_test = DataLoader(dataset=test_dataset, batch_size=100, shuffle=True, collate_fn=collate_wave_batch, num_workers=0)

acc_test_hist = []
acc_train_hist = []
loss_test_hist = []
loss_train_hist = []

for epoch in range(200):  # many passes: the schedule restarts every hundred
    print("=" * 35 + " pass " + str(epoch+1) + " " + "=" * 46)
    sum_loss = 0
    n_right = 0
    sum_loss_test = 0
    n_right_test = 0
    wave_model.train()
    for j, (wave_batch, target, seq_len) in enumerate(loader_train):
       # if (j+1)%50==0: print("-- step " + str(j+1) + " --")
        wave_batch = wave_batch.float()
        wave_batch = wave_batch.unsqueeze(1)
        wave_model.zero_grad()
        logits, loss = wave_model(wave_batch, target, seq_length=seq_len)
        loss = torch.mean(loss)
        sum_loss += loss.item() * target.shape[0]
        loss.backward()
        sgd_optimizer.step()

        guess = torch.argmax(logits, dim=1)
        target_idx = torch.argmax(target, dim=1).to(device)
        n_right += sum(guess == target_idx).item()

    train_accuracy = n_right * 1.0 / len(train_dataset)
    sum_loss = sum_loss / len(train_dataset)

    wave_model.eval()
    for test_wave, target, seq_len in loader_test:
        test_wave = test_wave.float()
        test_wave = test_wave.unsqueeze(1)
        logits, loss = wave_model(test_wave, target, train=False, seq_length=seq_len)
        guess = torch.argmax(logits, dim=1)
        target_idx = torch.argmax(target, dim=1).to(device)
        loss = torch.mean(loss)
        sum_loss_test += loss.item() * guess.shape[0]
        n_right_test += sum(guess == target_idx).item()
    test_accuracy = n_right_test * 1.0 / len(test_dataset)
    sum_loss_test = sum_loss_test / len(test_dataset)

    # keep the curves for later plotting
    acc_test_hist.append(test_accuracy)
    acc_train_hist.append(train_accuracy)
    loss_test_hist.append(sum_loss_test)
    loss_train_hist.append(sum_loss)
    print("pass {} | train loss {} | test loss {} | train acc {} | test acc {}".format(epoch+1, sum_loss, sum_loss_test, train_accuracy, test_accuracy) + "\n")
    with open("/scratch/speech/models/classification/CNN_checkpoint_stats_mike.txt","a+") as log_file:
        log_file.write("pass {} | train loss {} | test loss {} | train acc {} | test acc {}".format(epoch+1, sum_loss, sum_loss_test, train_accuracy, test_accuracy) + "\n")


    lr_sched.step()


stats_file = open("/scratch/speech/models/classification/CNN_checkpoint_stats_mike.pkl","wb")
pickle.dump({"test_acc": acc_test_hist, "train_acc": acc_train_hist, "test_loss": loss_test_hist, "train_loss": loss_train_hist}, stats_file)
stats_file.close()

#torch.save(wave_model.state_dict(), weights_path)
