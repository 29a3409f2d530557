# Neural collaborative filtering (GMF / MLP / NeuMF) on MovieLens 'latest' ratings:
# builds negative-sampled train/test sets, trains, then reports HR@k and NDCG@k.
import torch
import argparse
import inspect
from torch.utils.data import DataLoader
import torch.optim as optim
from utils import MovieLens
from model.MLP import MLP
from model.GMF import GMF
from model.NeuMF import NeuMF
from train import Train
from evaluation import Test
import os

device = torch.device('cuda'if torch.cuda.is_available() else 'cpu')
print(f'device: {device}')
if device == 'cuda':
    print('Current cuda device:', torch.cuda.current_device())
    print('Count of using GPUs:', torch.cuda.device_count())


parser=argparse.ArgumentParser(description="Run selected model")
parser.add_argument('-e','--epoch',type=int,default=1,help="Number of epochs")
parser.add_argument('-b','--batch',type=int,default=32,help="Batch size")
parser.add_argument('-tb','--test_batch',type=int,default=100,help="test Batch size")
parser.add_argument('-l','--layer',type=None,default=[32,16,8],help='MLP layer factor list')
parser.add_argument('-f','--factor',type=int,default=8,help='choose number of predictive factor')
parser.add_argument('-m','--model',type=str,default='NeuMF',help='select among the following model,[MLP, GMF, NeuMF]')
parser.add_argument('-s','--size',type=str,default='small',help='Size of File')
parser.add_argument('-lr','--lr',type=float,default=1e-3,help='learning rate')
parser.add_argument('-dl','--download',type=str,default='False',help='Download or not')
parser.add_argument('-p','--use_pretrain',type=str,default='False',help='use pretrained model or not')
parser.add_argument('-k','--topk',type=int,default=10,help='choose top@k for NDCG@k, HR@k')
args = parser.parse_args()

print(f'model name: {args.model}')

if args.download=='True':
    download = True
else:
    download = False
if args.use_pretrain=='True':
    use_pretrain=True
else:
    use_pretrain=False

root_path ='dataset'

train_dataset = MovieLens(root=root_path,file_size=args.size,train=True,download=True,ng_ratio=4)
test_dataset = MovieLens(root=root_path,file_size=args.size,train=False,download=False,ng_ratio=99)

max_num_users,max_num_items = train_dataset.get_numberof_users_items()

dataloader_train= DataLoader(dataset=train_dataset,
                        batch_size=args.batch,
                        shuffle=True,
                        num_workers=0,
                        )

dataloader_test = DataLoader(dataset=test_dataset,
                             batch_size=args.test_batch,
                             shuffle=False,
                             num_workers=0,
                             drop_last=True
                             )
if args.model=='MLP':
    model = MLP(num_users=args.batch*max_num_users,
                num_items=args.batch*max_num_items,
                num_factor=args.factor,
                layer=args.layer,
                use_pretrain=args.use_pretrain)
    optimizer = optim.Adam(model.parameters(), lr=args.lr)

elif args.model=='GMF':
    model = GMF(num_users=args.batch*max_num_users,
                num_items=args.batch*max_num_items,
                num_factor=args.factor,
                use_pretrain=args.use_pretrain)
    optimizer = optim.Adam(model.parameters(), lr=args.lr)

elif args.model=='NeuMF':
    model = NeuMF(num_users=args.batch*max_num_users,
                  num_items=args.batch*max_num_items,
                  num_factor=args.factor,
                  use_pretrain=use_pretrain,
                  layer=args.layer)
    if use_pretrain :
        optimizer =  optim.Adam(model.parameters(), lr=args.lr)
    else:
        optimizer = optim.SGD(model.parameters(),lr=args.lr)


model.to(device)

criterion = torch.nn.BCELoss()

if __name__=='__main__' :
    train = Train(model=model,
                  optimizer=optimizer,
                  criterion=criterion,
                  epochs=args.epoch,
                  dataloader=dataloader_train,
                  device=device,
                  print_cost=True)
    train.train()
    pretrained_model_path ='pretrain'


    test = Test(model=model,
                criterion=criterion,
                dataloader=dataloader_test,
                device=device,
                top_k=args.topk,)
    HR,NDCG = test.metrics()
    print(f'NDCG:{NDCG}, HR:{HR}')
