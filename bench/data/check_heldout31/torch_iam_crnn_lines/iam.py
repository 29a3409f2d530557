import sys

import Levenshtein as leven
import matplotlib as mpl
import matplotlib.pyplot as plt
import numpy as np
import torch
from colorama import Fore
from skimage.color import rgb2gray
from skimage.transform import rotate
from torch import nn, optim
from torch.utils.data import SubsetRandomSampler, DataLoader
from tqdm import tqdm

from dataset import IAMLinesDataset
from model import LineRecognitionModel

np.random.seed(42)
torch.manual_seed(42)
run_device = "cuda" if torch.cuda.is_available() else "cpu"

# ------------------------------------------ data set ------------------------------------------
line_dataset = IAMLinesDataset(lines_txt_path='./dataset/lines.txt',
                  images_dir='./dataset',
                  target_size=(64, 800),
                  pad_border=(4, 10))

char_set = ''.join(line_dataset.char_to_id.keys())
chars_file = open("chars.txt", "w", encoding='utf-8')
chars_file.write('\n'.join([x if x != '#' else '\\#' for x in line_dataset.char_to_id.keys()]))
chars_file.close()


def collate_lines_batch(line_batch):
    batch_images, batch_words = [entry.get('image') for entry in line_batch], [entry.get('word') for entry in line_batch]
    batch_images = torch.stack(batch_images, 0)
    # per-sample target lengths of this batch
    word_lengths = [len(text_line) for text_line in batch_words]
    # CTCLoss accepts targets as one flat tensor (see the torch CTCLoss docs):
    # all label sequences of the batch concatenated, without padding.
    flat_targets = torch.empty(sum(word_lengths)).fill_(len(char_set)).long()
    word_lengths = torch.tensor(word_lengths)
    # copy each line's character ids into its slice
    for j, text_line in enumerate(batch_words):
        begin = sum(word_lengths[:j])
        span = word_lengths[j]
        flat_targets[begin:begin + span] = torch.tensor([line_dataset.char_to_id.get(ch) for ch in text_line]).long()
    return batch_images.to(run_device), flat_targets.to(run_device), word_lengths.to(run_device)


# ------------------------------------------ network ------------------------------------------
crnn_model = LineRecognitionModel(n_time_steps=96,
                 feat_dim=512,
                 hidden_dim=512,
                 n_outputs=len(char_set) + 1,
                 rnn_layer_count=4)
crnn_model.to(run_device)


# ------------------------------------------ training ------------------------------------------
def run_training(crnn_model, n_epochs, train_loader_in, valid_loader_in, learn_rate=1e-3, decay=1e-2, adam_betas=(0.9, 0.999)):
    best_val_distance = 1000
    optimizer = optim.Adam(filter(lambda param: param.requires_grad, crnn_model.parameters()), lr=learn_rate,
                     weight_decay=decay, betas=adam_betas)
    optimizer.zero_grad(set_to_none=False)
    n_train_batches = len(train_loader_in)
    ctc_loss_fn = nn.CTCLoss(reduction='sum', zero_infinity=True, blank=len(char_set))
    for i in range(1, n_epochs + 1):
        # ---- one pass over the training loader ----
        batch_counter = 1
        train_edit_dist = 0
        train_char_count = 0
        for batch_x, batch_y, batch_lens in tqdm(train_loader_in,
                                 position=0, leave=True,
                                 file=sys.stdout, bar_format="{l_bar}%s{bar}%s{r_bar}" % (Fore.GREEN, Fore.RESET)):
            crnn_model.train()
            # every output sequence has the full length of the time axis,
            # so input_lengths is constant.
            in_lengths = torch.full((batch_x.size()[0],), crnn_model.n_time_steps, dtype=torch.long)
            ctc_loss_fn(crnn_model(batch_x).log_softmax(2).requires_grad_(), batch_y, in_lengths, batch_lens).backward()
            optimizer.step()
            optimizer.zero_grad(set_to_none=False)
            # ---- edit distance on the last few training batches ----
            if batch_counter > (n_train_batches - 5):
                crnn_model.eval()
                with torch.no_grad():
                    decoded_lines = crnn_model.decode_with_lm(batch_x)
                    for j in range(0, len(decoded_lines)):
                        # the true ids of sample j sit inside the flat targets tensor,
                        # at the offset given by the preceding lengths
                        true_ids = batch_y.cpu().numpy()[0 + sum(batch_lens[:j]): sum(batch_lens[:j]) + batch_lens[j]]
                        train_edit_dist += leven.distance(''.join([ch for ch in decoded_lines[j]]), ''.join([id_to_char.get(ch.item()) for ch in true_ids[:]]))
                    train_char_count += sum(batch_lens).item()

            batch_counter += 1

        # ---- validation ----
        crnn_model.eval()
        with torch.no_grad():
            val_edit_dist = 0
            val_char_count = 0
            for batch_x, batch_y, batch_lens in tqdm(valid_loader_in,
                                     position=0, leave=True,
                                     file=sys.stdout, bar_format="{l_bar}%s{bar}%s{r_bar}" % (Fore.BLUE, Fore.RESET)):
                decoded_lines = crnn_model.decode_with_lm(batch_x)
                for j in range(0, len(decoded_lines)):
                    true_ids = batch_y.cpu().numpy()[0 + sum(batch_lens[:j]): sum(batch_lens[:j]) + batch_lens[j]]
                    val_edit_dist += leven.distance(''.join([ch for ch in decoded_lines[j]]), ''.join([id_to_char.get(ch.item()) for ch in true_ids[:]]))
                val_char_count += sum(batch_lens).item()

        print('epoch {}: train edit distance {} | val edit distance {}'
              .format(i, train_edit_dist / train_char_count, val_edit_dist / val_char_count), end='\n')
        # ---- checkpoint when validation improves ----
        if (val_edit_dist / val_char_count) < best_val_distance:
            torch.save(crnn_model.state_dict(), f=str((val_edit_dist / val_char_count) * 100).replace('.', '_') + '_' + 'model.pth')
            best_val_distance = val_edit_dist / val_char_count


train_batch = 60
valid_batch = 40
n_samples = len(line_dataset)
all_indices = list(range(n_samples))
n_val = int(np.floor(0.2 * n_samples))
id_to_char = {v: k for k, v in line_dataset.char_to_id.items()}
np.random.shuffle(all_indices)
train_ids, val_ids = all_indices[n_val:], all_indices[:n_val]

train_subset_sampler = SubsetRandomSampler(train_ids)
val_subset_sampler = SubsetRandomSampler(val_ids)

train_lines_loader = DataLoader(line_dataset, batch_size=train_batch, sampler=train_subset_sampler, collate_fn=collate_lines_batch)
val_lines_loader = DataLoader(line_dataset, batch_size=valid_batch, sampler=val_subset_sampler, collate_fn=collate_lines_batch)
print("Starting training...")
run_training(crnn_model=crnn_model, n_epochs=22, train_loader_in=train_lines_loader, valid_loader_in=val_lines_loader)


# ------------------------------------------ inspection ------------------------------------------
def show_predictions(crnn_model, val_loader_in, max_shown):
    batch_x, batch_y, batch_lens = iter(val_loader_in).next()
    crnn_model.eval()
    with torch.no_grad():
        beam_outputs = crnn_model.decode_with_lm(batch_x)
        for i in range(len(beam_outputs)):
            begin = sum(batch_lens[:i])
            span = batch_lens[i].item()
            true_text = ''.join([id_to_char.get(ch.item()) for ch in batch_y[begin:begin + span]])
            pred_text = ''.join([ch for ch in beam_outputs[i]])
            # ---- draw the line image with its texts ----
            line_img = batch_x[i, :, :, :].permute(1, 2, 0).cpu().numpy()
            line_img = rgb2gray(line_img)
            line_img = rotate(line_img, angle=90, clip=False, resize=True)
            fig, axis = plt.subplots(1, 1)
            mpl.rcParams["font.size"] = 8
            axis.imshow(line_img, cmap='gray')
            mpl.rcParams["font.size"] = 14
            plt.gcf().text(x=0.1, y=0.1, s="Truth: " + str(true_text))
            plt.gcf().text(x=0.1, y=0.2, s="Model: " + str(pred_text))
            fig.set_size_inches(10, 3)
            print('truth: {}'.format(true_text))
            print('model output: {}'.format(pred_text))
            if i + 1 == max_shown:
                break
    plt.show()


show_predictions(crnn_model=crnn_model, val_loader_in=val_lines_loader, max_shown=20)
