./richelieu balance ismcts-mast --pairs 3000 --seed 20261121 --json results/balance-ismcts-mast.json
