import torch
import torch.backends.cudnn
import numpy as np
from torch import nn, optim
from torch.nn import functional as F
from torch.optim.optimizer import Optimizer 
from torch.utils.data import DataLoader
from torch.utils.tensorboard import SummaryWriter
from torchvision import transforms

from dataset import UrbanSoundFeatureDataset

tb_writer = SummaryWriter('logs',flush_secs=5)

print("GPU present: ", torch.cuda.is_available())
run_device = torch.device('cuda' if torch.cuda.is_available() else "cpu")

#region loaders
train_loader_lmc = torch.utils.data.DataLoader(
    UrbanSoundFeatureDataset('UrbanSound8K_train.pkl', 'LMC'),
    batch_size=32, shuffle=True,
    num_workers=8, pin_memory=True)

#train_loader_lmc.input.to(run_device)

test_loader_lmc = torch.utils.data.DataLoader(
    UrbanSoundFeatureDataset('UrbanSound8K_test.pkl', 'LMC'),
    batch_size=32, shuffle=False,
    num_workers=8, pin_memory=True)

# print(len(test_loader_lmc))
# for step,(batch_input,batch_target,clip_files) in enumerate(test_loader_lmc):
    # print(step)

# train_loader_mc = torch.utils.data.DataLoader(
#       UrbanSoundFeatureDataset('UrbanSound8K_train.pkl', 'MC'),
#       batch_size=32, shuffle=True,
#       num_workers=8, pin_memory=True)

# test_loader_mc = torch.utils.data.DataLoader(
#      UrbanSoundFeatureDataset('UrbanSound8K_test.pkl', 'MC'),
#      batch_size=32, shuffle=False,
#      num_workers=8, pin_memory=True)

# train_loader_mlmc = torch.utils.data.DataLoader(
#       UrbanSoundFeatureDataset('UrbanSound8K_train.pkl', 'MLMC'),
#       batch_size=32, shuffle=True,
#       num_workers=8, pin_memory=True)

# test_loader_mlmc = torch.utils.data.DataLoader(
#      UrbanSoundFeatureDataset('UrbanSound8K_test.pkl', 'MLMC'),
#      batch_size=32, shuffle=False,
#      num_workers=8, pin_memory=True)
#endregion loaders

# for step,(batch_input,batch_target,clip_files) in enumerate(train_loader_lmc):
    # print(step)

class LmcConvNet(nn.Module):
    # layer set-up
    def __init__(self):
        super().__init__()
        # layers of the LMC network

        ## block 1
        self.conv_l1 = nn.Conv2d(
            # single feature-map channel in
            in_channels=1,
            out_channels=32,
            kernel_size=(3,3),
            # stride=(2,2),
            padding = 1  ## keeps height and width
        )

        ##### default init is used

        self.bn_l2 = nn.BatchNorm2d(num_features=32)
        
        # then ReLU

        ## block 2
        self.drop_l3 = nn.Dropout(p=0.5)

        self.conv_l4 = nn.Conv2d(
            in_channels = 32,
            out_channels = 32,
            kernel_size = (3,3),
            #stride = (2,2)
            padding = 1  ## keeps height and width
        )

        self.bn_l5 = nn.BatchNorm2d(num_features = 32)
        
        # then ReLU

        # then pooling
        self.pool_l6 = nn.MaxPool2d(kernel_size=(2,2),padding=1)

        ## block 3
        self.conv_l7 = nn.Conv2d(
            in_channels = 32,
            out_channels = 64,
            kernel_size = (3,3),
            #stride = (2,2)
            padding = 1 ## keeps height and width
        )

        self.bn_l8 = nn.BatchNorm2d(num_features = 64)

        # then ReLU

        ## block 4
        self.drop_l9 = nn.Dropout(p=0.5)

        self.conv_l10 = nn.Conv2d(
            in_channels = 64,
            out_channels = 64,
            kernel_size = (3,3),
            #stride = (2,2)
            padding = 1  ## keeps height and width
        )
        
        self.bn_l11 = nn.BatchNorm2d(num_features = 64)

        # then ReLU

        # activation shape here: [32, 64, 43, 21]
        ## dense block
        self.fc_l12 = nn.Linear(in_features=57792,out_features=1024)
        # sigmoid after it
        
        # output block
        self.drop_l13 = nn.Dropout(p=0.5)
        self.fc_l14 = nn.Linear(in_features=1024 ,out_features=10  )
        # logits out (softmax lives in the loss)

    def forward(self,x):
        # forward computation
        ## b1
        x = self.conv_l1(x)
        x = self.bn_l2(x)
        x = F.relu(x)
        ## b2
        x = self.drop_l3(x)
        x = self.conv_l4(x)
        x = self.bn_l5(x)
        x = F.relu(x)
        x = self.pool_l6(x)
        ## b3
        x = self.conv_l7(x)
        x = self.bn_l8(x)
        x = F.relu(x)
        ## b4
        x = self.drop_l9(x)
        x = self.conv_l10(x)
        x = self.bn_l11(x)
        x = F.relu(x)

        # flatten the maps
        x = torch.flatten(x,start_dim = 1)

        ## b5
        x = self.fc_l12(x)
        x = torch.sigmoid(x)
        ## b6
        x = self.drop_l13(x)
        x = self.fc_l14(x)
        # x = F.softmax(x,dim=1)     # omitted: the cross-entropy loss wants raw logits
        return x

def batch_accuracy(logits, true_targets):
    n_correct = (torch.argmax(logits,1) == true_targets).sum()
    batch_accuracy = float(n_correct)/true_targets.shape[0]
    return batch_accuracy


model = LmcConvNet().to(run_device)
# first_batch = next(iter(train_loader_lmc))
# # first_batch.to(run_device)
# print(first_batch[0].shape)
# print(model(first_batch[0]).shape)
# print()


def fit_and_evaluate(train_data, test_data, n_epochs=8, learn_rate=0.001, momentum_value=0.9, decay_l2=1e-5):
    sgd_optimizer = optim.SGD(
        params=model.parameters(),
        lr=learn_rate,
        momentum = momentum_value,
        weight_decay=decay_l2# L2 penalty strength
        )

    loss_fn = nn.CrossEntropyLoss()




    ##### fitting pass #####
    for epoch in range(0,n_epochs):
        print(epoch)
        last_loss = 0
        last_acc = 0
        # one mini-batch of 32 segments at a time
        for step,(batch_input,batch_target,clip_files) in enumerate(train_data):
            # update on this batch
            # print(batch_input.is_cuda)
            batch_input = batch_input.to(run_device)
            batch_target = batch_target.to(run_device)
            logits = model(batch_input)
            loss = loss_fn(logits,batch_target)
            last_loss = loss.item()
            # print("Epoch:",epoch,"Batch:",step,"  Loss: ",loss.item())
            loss.backward()
            sgd_optimizer.step()
            sgd_optimizer.zero_grad()

            train_acc_pct = batch_accuracy(logits, batch_target)*100
            tb_writer.add_scalar('loss/train', loss.item(), epoch)
            tb_writer.add_scalar('accuracy/train', train_acc_pct, epoch)
            last_acc = train_acc_pct

        print(last_loss)
        print(last_acc)

        ##### held-out pass #####
        # inference behaviour for dropout and batch norm
        model.eval() 

        n_test_batches = len(test_data)
        test_loss_sum    = 0

        logits_by_file = {}
        target_by_file = {}

        # gradients are not needed here
        with torch.no_grad():
            # walk the held-out batches
            for step,(batch_input,batch_target,clip_files) in enumerate(test_data):
                batch_input  = batch_input.to(run_device)
                batch_target = batch_target.to(run_device)
                logits = model(batch_input)
                loss = loss_fn(logits,batch_target) 
                test_loss_sum += loss

                # build two lookup tables: 
                #   logits_by_file: clip file -> every segment logit of that clip, 
                #   target_by_file: clip file -> its class
                
                # per segment in the batch
                for k in range(0,len(clip_files)):
                    # clip already seen in the logit table?
                    if clip_files[k] in logits_by_file:
                        # yes: add this segment's ten logits
                        logits_by_file[clip_files[k]].append(logits[k])
                    else:
                        # no: start a new entry with them
                        logits_by_file[clip_files[k]] = []
                        logits_by_file[clip_files[k]].append(logits[k])

                    # clip missing from the target table?
                    if clip_files[k] not in target_by_file:
                        # record its class
                        target_by_file[clip_files[k]] = batch_target[k]
                
        # mean held-out loss of the pass
        mean_test_loss = float(test_loss_sum) / float(n_test_batches)
        tb_writer.add_scalar('loss/test (average loss)', mean_test_loss, epoch)

        # clip-level accuracy from the two tables
        n_files_right = 0
        n_files = len(target_by_file)
        right_per_class = torch.zeros(10).to(run_device)
        files_per_class = torch.zeros(10).to(run_device)
        # per clip
        for file_key in target_by_file:
            # count clips per class
            files_per_class[target_by_file[file_key]] += 1


        # held-out accuracy of the pass
        # per clip in the table
        for file_name in logits_by_file:
            file_logits = logits_by_file[file_name] # every segment logit of this clip
            
            # add the segment logits up so one argmax decides the clip
            # element-wise total 
            summed_logits = torch.zeros(10).to(run_device)
            for logits in file_logits:
                summed_logits += logits
            
            # count the clip as right when the summed logits pick its class
            if(summed_logits.argmax(dim=-1)) == target_by_file[file_name]:
                n_files_right += 1

                right_per_class[target_by_file[file_name]] += 1
        
        # accuracy = clips right / clips seen
        file_accuracy = float(n_files_right)/float(n_files)
        class_accuracy = torch.div(right_per_class, files_per_class)
        tb_writer.add_scalar('accuracy/test', file_accuracy, epoch)

        print(class_accuracy)

    tb_writer.close()





###

fit_and_evaluate(train_loader_lmc, test_loader_lmc, 20, 0.001, 0.9, 1e-5)






################################################
#region earlier version
# sgd_optimizer = optim.SGD(
#     params=model.parameters(),
#     lr=0.001,
#     momentum = 0.9,
#     weight_decay=1e-5# L2 penalty strength
#     )

# loss_fn = nn.CrossEntropyLoss()


# ##### fitting pass #####
# for epoch in range(0,8):
#     print(epoch)
#     last_loss = 0
#     last_acc = 0
#     # one mini-batch of 32 segments at a time
#     for step,(batch_input,batch_target,clip_files) in enumerate(train_loader_lmc):
#         # update on this batch
#         # print(batch_input.is_cuda)
#         batch_input = batch_input.to(run_device)
#         batch_target = batch_target.to(run_device)
#         logits = model(batch_input)
#         loss = loss_fn(logits,batch_target)
#         last_loss = loss.item()
#         # print("Epoch:",epoch,"Batch:",step,"  Loss: ",loss.item())
#         loss.backward()
#         sgd_optimizer.step()
#         sgd_optimizer.zero_grad()

#         train_acc_pct = batch_accuracy(logits, batch_target)*100
#         tb_writer.add_scalar('loss/train', loss.item(), epoch)
#         tb_writer.add_scalar('accuracy/train', train_acc_pct, epoch)
#         last_acc = train_acc_pct

#     print(last_loss)
#     print(last_acc)

#     ##### held-out pass #####
#     # inference behaviour for dropout and batch norm
#     model.eval() 

#     n_test_batches = len(test_loader_lmc)
#     test_loss_sum    = 0

#     logits_by_file = {}
#     target_by_file = {}

#     # gradients are not needed here
#     with torch.no_grad():
#         # walk the held-out batches
#         for step,(batch_input,batch_target,clip_files) in enumerate(test_loader_lmc):
#             batch_input  = batch_input.to(run_device)
#             batch_target = batch_target.to(run_device)
#             logits = model(batch_input)
#             loss = loss_fn(logits,batch_target) 
#             test_loss_sum += loss

#             # build two lookup tables: 
#             #   logits_by_file: clip file -> every segment logit, 
#             #   target_by_file: clip file -> its class
            
#             # per segment
#             for k in range(0,len(clip_files)):
#                 # clip already in the logit table?
#                 if clip_files[k] in logits_by_file:
#                     # yes: add the ten logits
#                     logits_by_file[clip_files[k]].append(logits[k])
#                 else:
#                     # no: new entry
#                     logits_by_file[clip_files[k]] = []
#                     logits_by_file[clip_files[k]].append(logits[k])

#                 # clip missing from the target table?
#                 if clip_files[k] not in target_by_file:
#                     # record its class
#                     target_by_file[clip_files[k]] = batch_target[k]
            
#     # mean held-out loss
#     mean_test_loss = float(test_loss_sum) / float(n_test_batches)
#     tb_writer.add_scalar('loss/test (average loss)', mean_test_loss, epoch)

#     # clip-level accuracy
#     n_files_right = 0
#     n_files = len(target_by_file)

#     # held-out accuracy
#     # per clip
#     for file_name in logits_by_file:
#         file_logits = logits_by_file[file_name] # every segment logit of the clip
        
#         # sum them so one argmax decides
#         # element-wise total 
#         summed_logits = torch.zeros(10).to(run_device)
#         for logits in file_logits:
#             summed_logits += logits
        
#         # right when the summed logits pick the class
#         if(summed_logits.argmax(dim=-1)) == target_by_file[file_name]:
#             n_files_right += 1
    
#     # clips right / clips seen
#     file_accuracy = float(n_files_right)/float(n_files)
#     tb_writer.add_scalar('accuracy/test', file_accuracy, epoch)
            

# # file names only matter at test time, to merge segments
# #for step,(batch_input,batch_target,file_name) in enumerate(train_loader):
# #   fitting code here

# #for step, (batch_input,batch_target,file_name) in enumerate(val_loader):
# #   checking code here

# tb_writer.close()
#endregion earlier version


#region memo

### SGD with L2, step 0.001, momentum 0.9
### cross-entropy objective
# no dropout at evaluation time

# lmc_net = LmcConvNet().to(run_device)
# build it: lmc_net = LmcConvNet()
# run it: out = lmc_net(batch_input)

##### open points:
# 1.) conv stride/padding: how the map size is kept through the 
# 2.) where the dropout layers sit
# 3.) one or two dense layers? the paper is unclear about reaching 1024 units
# 4.) L2 strength: a usual value is fine
# 5.) how segments of one clip are merged at test time via the file names
# 6.) number of passes?
# 7.) custom weight init?

#endregion memo