import time 
import copy
import torch
import numpy as np
import torch.nn as nn
import torch.nn.functional as F


# one routine for both the training and the validation pass (after the torchvision transfer-learning example)
def fit_model(model, loaders_by_split, dataset_lengths, device, criterion, optimizer, scheduler, tb_writer, epoch_count=25):

    t0 = time.time()

    best_weights = copy.deepcopy(model.state_dict())
    best_val_acc = 0.0

    # per-epoch record (unused)

    for epoch in range(epoch_count):
        print(f'--- epoch {epoch}/{epoch_count - 1}')
        print('-' * 10)

        # every epoch runs a train stage then a val stage
        for stage in ['train', 'val']:
            if stage == 'train':
                model.train()  # dropout and batch-norm in training behaviour
            else:
                model.eval()   # inference behaviour for the val stage

            loss_sum = 0.0
            correct_sum = 0

            # walk the loader of this stage
            for batch_images, batch_labels in loaders_by_split[stage]:
                batch_images = batch_images.to(device)
                batch_labels = batch_labels.to(device)

                # clear old gradients
                optimizer.zero_grad()

                # forward pass
                # autograd only records during the train stage
                with torch.set_grad_enabled(stage == 'train'):
                    logits = model(batch_images)
                    _, predicted = torch.max(logits, 1)
                    loss = criterion(logits, batch_labels)

                    # update the weights only while training
                    if stage == 'train':
                        loss.backward()
                        optimizer.step()

                # running totals
                loss_sum += loss.item() * batch_images.size(0)
                correct_sum += torch.sum(predicted == batch_labels.data)
                
            if stage == 'train':
                scheduler.step()

            epoch_mean_loss = loss_sum / dataset_lengths[stage]
            epoch_accuracy = correct_sum.double() / dataset_lengths[stage]

            print(f'{stage} mean loss: {epoch_mean_loss:.4f} accuracy: {epoch_accuracy:.4f}')

            # keep a copy of the best weights so far
            if stage == 'val' and epoch_accuracy > best_val_acc:
                best_val_acc = epoch_accuracy
                best_weights = copy.deepcopy(model.state_dict())

            if stage == 'train':
                tb_writer.add_scalar("Loss/train_batch", epoch_mean_loss, epoch)
                tb_writer.add_scalar("Accuracy/train_batch", epoch_accuracy, epoch)        
                print()
            
            else:
                tb_writer.add_scalar("Loss/val_batch", epoch_mean_loss, epoch)
                tb_writer.add_scalar("Accuracy/val_batch", epoch_accuracy, epoch)

            print()

    elapsed_s = time.time() - t0
    print(f'fit finished in {elapsed_s // 60:.0f}m {elapsed_s % 60:.0f}s')
    print(f'best val accuracy: {best_val_acc:4f}')

    # restoring the best weights is switched off
    # model.load_state_dict(best_weights)
    return model


# score the model on the held-out test split
def run_test(model, device, test_batches):
    torch.cuda.empty_cache()
    model.eval()

    n_right, n_seen = 0, 0
    loss_total = 0.0
    with torch.no_grad():
        for step_idx, batch_pair in enumerate(test_batches):
            batch_x, batch_y = batch_pair[0].to(device), batch_pair[-1].to(device)
            scores = model(batch_x)
            loss = F.cross_entropy(scores, batch_y)
            guess = scores.argmax(dim=1, keepdim=True)
            n_right += guess.eq(batch_y.view_as(guess)).sum().item()

            n_seen += len(batch_y)
            acc_so_far = 100 * n_right / n_seen
            loss_total += loss.item()
            loss_sum = loss_total / (step_idx + 1)
            if step_idx % 10 == 0 or step_idx == len(test_batches) - 1:
                print("test {}/{} seen, mean loss {:.6f}, accuracy {:.2f}".format(
                    n_seen, len(test_batches.dataset), loss_sum, acc_so_far))
                                



def accuracy_per_class(model, device, test_batches):
    torch.cuda.empty_cache()
    model.eval()
    class_count = 2
    n_right = 0
    conf_mat = torch.zeros(class_count, class_count)

    with torch.no_grad():
        for batch_pair in test_batches:
            batch_x, batch_y = batch_pair[0].to(device), batch_pair[-1].to(device)
            scores = model(batch_x)
            guess = scores.argmax(dim=1, keepdim=True)
            n_right += guess.eq(batch_y.view_as(guess)).sum().item()

            for t, p in zip(batch_y.view(-1), guess.view(-1)):
                conf_mat[t.long(), p.long()] += 1
            
        class_acc = 100 * (conf_mat.diag()/conf_mat.sum(1)).cpu().numpy()

        print(f'Normal class accuracy: {class_acc[0]:.2f}%')
        print(f'Pneumonia class accuracy: {class_acc[1]:.2f}%')
    


'''Read saved weights back into the model'''
def restore_model_weights(model: nn.Module, weights_path):
    model.load_state_dict(torch.load(weights_path))

