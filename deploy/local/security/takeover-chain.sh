#!/bin/bash
# The account-takeover chain of a stolen token (docs/decisions.md, sessions), tried against a running stack:
#   deploy/local/security/takeover-chain.sh http://localhost:8080
# It changes the demo staff member anna's password: run it on a throwaway stack (`npm run reset` afterwards).
set -u
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
B=${1:-http://localhost:8080}
J='Content-Type: application/json'
EMAIL=anna@turnbook.demo; PW='Staff-pass-1'; NEWPW='violet harbor 77'
call() { curl -s -o $TMP/ac.body -w '%{http_code}' "$@"; echo " $(head -c 300 $TMP/ac.body)"; }
echo "1. the victim signs in twice (the attacker copies one token and its refresh cookie)"
L1=$(curl -s -c $TMP/ac.jar1 -H "$J" -d "{\"email\":\"$EMAIL\",\"password\":\"$PW\"}" $B/api/login)
T1=$(echo "$L1" | node -pe 'JSON.parse(require("fs").readFileSync(0)).access_token'); ID=$(echo "$L1" | node -pe 'JSON.parse(require("fs").readFileSync(0)).user.id')
T2=$(curl -s -c $TMP/ac.jar2 -H "$J" -d "{\"email\":\"$EMAIL\",\"password\":\"$PW\"}" $B/api/login | node -pe 'JSON.parse(require("fs").readFileSync(0)).access_token')
echo "   user $ID; refresh cookie: $(grep -c turnbook_refresh $TMP/ac.jar1) set (httpOnly: $(grep -c '#HttpOnly_' $TMP/ac.jar1))"
echo "2. attacker: PATCH user/$ID {email} with the stolen token alone"
echo -n "   "; call -X PATCH -H "$J" -H "Authorization: Bearer $T1" -d '{"email":"attacker@evil.example"}' $B/api/user/$ID
echo "3. attacker asks a reset link for the victim now (to use after the victim's change)"
echo -n "   "; call -H "$J" -d "{\"email\":\"$EMAIL\"}" $B/api/forgotPassword
echo "4. the victim changes the password (userResetPassword)"
echo -n "   "; call -b $TMP/ac.jar2 -c $TMP/ac.jar2 -H "$J" -H "Authorization: Bearer $T2" -d "{\"id\":$ID,\"currentPassword\":\"$PW\",\"newPassword\":\"$NEWPW\"}" $B/api/userResetPassword
echo "5. attacker: the stolen token afterwards"
echo -n "   "; call -H "Authorization: Bearer $T1" $B/api/user/$ID
echo "6. attacker: the stolen refresh cookie afterwards"
echo -n "   "; call -X POST -b $TMP/ac.jar1 $B/api/auth/refresh
echo "7. the victim's screen renews with its new cookie"
echo -n "   "; call -X POST -b $TMP/ac.jar2 -c $TMP/ac.jar2 $B/api/auth/refresh
T3=$(node -pe 'JSON.parse(require("fs").readFileSync(0)).access_token' < $TMP/ac.body)
echo "8. a weak new password"
echo -n "   "; call -H "$J" -H "Authorization: Bearer $T3" -d "{\"id\":$ID,\"currentPassword\":\"$NEWPW\",\"newPassword\":\"qwertyuiop\"}" $B/api/userResetPassword
echo "9. logout ends the session: the renewed token afterwards"
echo -n "   "; call -X POST -b $TMP/ac.jar2 $B/api/auth/logout
echo -n "   "; call -H "Authorization: Bearer $T3" $B/api/user/$ID
