# source: https://github.com/samuelyu2002/ImVisible/blob/1dbc5a029d420bab6423acd8389030f3556a3d2e/training.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
# Pedestrian traffic-light network: classifies the light's state and regresses the crossing's midline.
import torch
from torch.utils.data import DataLoader
import matplotlib.pyplot as plt
from network_no_blank import LYTNet
from dataset import TrafficLightDataset
from loss import my_loss
from helpers import direction_performance

use_gpu = torch.cuda.is_available()

BATCH = 32
EPOCHS = 800
LR0 = 0.001
DECAY = 0.00005
LR_STEPS = [150, 400, 650]

train_csv = 'lights_train.csv'
valid_csv = 'lights_valid.csv'
train_photos = 'lights_876x657'
valid_photos = 'lights_768x576'
out_prefix = ''

train_set = TrafficLightDataset(csv_file=train_csv, img_dir=train_photos)
valid_set = TrafficLightDataset(csv_file=valid_csv, img_dir=valid_photos)

train_loader = DataLoader(train_set, batch_size=BATCH, num_workers=8, shuffle=True)
valid_loader = DataLoader(valid_set, batch_size=1, num_workers=2, shuffle=False)

lyt_net = LYTNet()

if use_gpu:
    lyt_net = lyt_net.cuda()

combined_loss = my_loss

optimizer = torch.optim.Adam(lyt_net.parameters(), weight_decay=0.000005, lr=LR0)
lr_sched = torch.optim.lr_scheduler.MultiStepLR(optimizer, LR_STEPS)

# per-epoch histories
train_loss_hist = []
train_mse_hist = []
train_ce_hist = []
valid_loss_hist = []
valid_mse_hist = []
valid_ce_hist = []
train_acc_hist = []
valid_acc_hist = []
valid_angle_hist = []
valid_start_hist = []
valid_end_hist = []


for epoch in range(EPOCHS):

    # ---------------- training ----------------
    lyt_net.train()

    epoch_loss_sum = 0.0
    epoch_mse_sum = 0.0
    epoch_ce_sum = 0.0
    angle_sum = 0.0
    start_sum = 0.0
    end_sum = 0.0
    n_right = 0
    n_batches = 0

    for step, sample in enumerate(train_loader, 0):

        optimizer.zero_grad()
        n_batches += 1

        imgs = sample['image'].type(torch.FloatTensor)
        light_mode = sample['mode']
        midline = sample['points']

        if use_gpu:
            imgs = imgs.cuda()
            light_mode = light_mode.cuda()
            midline = midline.cuda()

        mode_scores, direction = lyt_net(imgs)
        _, guess = torch.max(mode_scores, 1)
        n_right += (guess == light_mode).sum().item()
        loss, mse_part, ce_part = combined_loss(mode_scores, direction, midline, light_mode)
        angle, start, end = direction_performance(direction, midline)
        angle_sum += angle
        end_sum += end
        start_sum += start

        loss.backward()
        optimizer.step()

        epoch_loss_sum += loss
        epoch_mse_sum += mse_part
        epoch_ce_sum += ce_part

    print(f'epoch {epoch + 1}')
    print(f'  mean training loss {epoch_loss_sum / 108}')
    print(f'  mean training MSE {epoch_mse_sum / (step + 1)}')
    print(f'  mean training cross-entropy {epoch_ce_sum / (step + 1)}')
    print(f'  training accuracy {n_right / n_batches / 32}')

    train_mse_hist.append(epoch_mse_sum / n_batches)
    train_ce_hist.append(epoch_ce_sum / n_batches)
    train_loss_hist.append(epoch_loss_sum / n_batches)
    train_acc_hist.append(n_right / n_batches / 32 * 100)

    lr_sched.step(epoch + 1)

    # ---------------- validation ----------------
    lyt_net.eval()

    true_pos = {'0': 0, '1': 0, '2': 0, '3': 0, '4': 0}
    false_pos = {'0': 0, '1': 0, '2': 0, '3': 0, '4': 0}
    false_neg = {'0': 0, '1': 0, '2': 0, '3': 0, '4': 0}

    precisions = []
    recalls = []

    v_loss = 0
    v_mse = 0
    v_ce = 0
    v_angle = 0
    v_start = 0
    v_end = 0
    v_right = 0
    v_count = 0

    with torch.no_grad():

        for step, sample in enumerate(valid_loader, 0):

            imgs = sample['image'].type(torch.FloatTensor)
            light_mode = sample['mode']
            midline = sample['points']

            if use_gpu:
                imgs = imgs.cuda()
                light_mode = light_mode.cuda()
                midline = midline.cuda()

            mode_scores, direction = lyt_net(imgs)
            _, guess = torch.max(mode_scores, 1)
            v_right += (guess == light_mode).sum().item()
            v_count += 1

            if (guess == light_mode).sum().item() == 0:
                false_pos[str(guess.cpu().numpy()[0])] += 1
                false_neg[str(light_mode.cpu().numpy()[0])] += 1

            if (guess == light_mode).sum().item() == 1:
                true_pos[str(guess.cpu().numpy()[0])] += 1

            loss, mse_part, ce_part = combined_loss(mode_scores, direction, midline, light_mode)
            v_loss += loss
            v_mse += mse_part
            v_ce += ce_part

            angle, start, end = direction_performance(direction, midline)
            v_angle += angle
            v_start += start
            v_end += end

        # per-class precision and recall; a class never predicted (or never present) counts as 0
        for cls in ('0', '1', '2', '3', '4'):
            try: p = true_pos[cls] / (true_pos[cls] + false_pos[cls])
            except: p = 0
            precisions.append(p)
            try: r = true_pos[cls] / (true_pos[cls] + false_neg[cls])
            except: r = 0
            recalls.append(r)

        print(f'  mean validation loss {v_loss / v_count}')
        print(f'  mean validation MSE {v_mse / v_count}')
        print(f'  mean validation cross-entropy {v_ce / v_count}')
        print(f'  validation accuracy {100 * v_right / v_count}')

        valid_acc_hist.append(100 * v_right / v_count)
        valid_loss_hist.append(v_loss / v_count)
        valid_mse_hist.append(v_mse / v_count)
        valid_ce_hist.append(v_ce / v_count)

        print('  precision per class', precisions)
        print('  recall per class', recalls)
        print(f'  angle / start / end errors {v_angle / v_count} {v_start / v_count} {v_end / v_count}')

        valid_angle_hist.append(v_angle / v_count)
        valid_start_hist.append(v_start / v_count)
        valid_end_hist.append(v_end / v_count)

        # loss curves every 100 epochs
        PLOT_EVERY = 100
        if epoch % PLOT_EVERY == (PLOT_EVERY - 1):
            plt.title('training and validation loss')
            plt.plot(train_loss_hist)
            plt.plot(valid_loss_hist)
            plt.show()

        # snapshot of network and optimizer after epoch 51, and every 200 epochs
        if epoch == 50:
            snapshot = {'epoch': epoch + 1, 'state_dict': lyt_net.state_dict(), 'optimizer': optimizer.state_dict()}
            torch.save(snapshot, out_prefix + 'snapshot_e51')

        if epoch % 200 == 199:
            snapshot = {'epoch': epoch + 1, 'state_dict': lyt_net.state_dict(), 'optimizer': optimizer.state_dict()}
            torch.save(snapshot, out_prefix + 'snapshot_e' + str(epoch + 1))


torch.save(lyt_net.state_dict(), out_prefix + 'lytnet_final')
