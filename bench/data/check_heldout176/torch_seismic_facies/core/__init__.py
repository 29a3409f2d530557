from core import loss
